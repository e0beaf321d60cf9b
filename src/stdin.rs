//! The run's input, read whole from the standard input. A regular file of some size is mapped
//! into memory: its pages are the page cache's, with no buffer to fault in and fill first. On
//! this machine, reading the bench's 100 MB list into a buffer took 20–600 ms (its fresh pages,
//! many of them just given back to the host by the run before), mapping it and checking its
//! UTF-8 5–20 ms (benches/REPORT.md). Anything else (a pipe, a terminal, a small file, a mapping
//! refused) is read into a string as `Read::read_to_string` reads it.
//!
//! A mapped file is the run's input as long as the run holds it: a run whose input file is
//! rewritten or cut short by another process while it runs is outside what this reads (as with
//! any program that maps its input; a file cut short may end the run with `SIGBUS`).

use std::io::{self, Read};

/// The standard input's text.
pub struct Stdin(Text);

enum Text {
    Read(String),
    #[cfg(unix)]
    Mapped(mapped::Mapped),
}

impl std::ops::Deref for Stdin {
    type Target = str;

    fn deref(&self) -> &str {
        match &self.0 {
            Text::Read(s) => s,
            #[cfg(unix)]
            Text::Mapped(m) => m.text(),
        }
    }
}

/// The smallest regular file mapped (a smaller one is read: a mapping costs a few system calls
/// and a page per file).
const MAP_FROM: u64 = 1 << 20;

/// Reads all of the standard input, from where its descriptor stands to its end (where it is
/// left, as reading leaves it). Text that is not UTF-8 is refused as `read_to_string` refuses
/// it. A mapped file's text is checked on up to `threads` threads, a part each.
pub fn read(threads: usize) -> io::Result<Stdin> {
    #[cfg(unix)]
    {
        use std::os::fd::AsFd;
        let fd = io::stdin().as_fd().try_clone_to_owned()?;
        let mut file = std::fs::File::from(fd);
        if let Some(meta) = file.metadata().ok().filter(|m| m.is_file()) {
            if meta.len() >= MAP_FROM {
                if let Some(mapped) = mapped::map(&mut file, meta.len(), threads)? {
                    return Ok(Stdin(Text::Mapped(mapped)));
                }
            }
            // A buffer of the file's size from the start (not grown and copied as it fills).
            let mut text = String::new();
            file.read_to_string(&mut text)?;
            return Ok(Stdin(Text::Read(text)));
        }
    }
    let mut text = String::new();
    io::stdin().read_to_string(&mut text)?;
    Ok(Stdin(Text::Read(text)))
}

/// The least text each thread of [`is_utf8`] checks: below it, fewer threads.
const UTF8_PART: usize = 16 << 20;

/// Whether `bytes` are UTF-8, checked on up to `threads` threads (the first of them this one),
/// each a part of at least [`UTF8_PART`] bytes. The parts are cut before a byte that starts a
/// character (no `10xxxxxx` byte): UTF-8 text is cut so into UTF-8 parts, and UTF-8 parts
/// make UTF-8 text, so the answer is the whole text's. (A mapped file's pages are first read
/// here too, each part's on its thread.)
fn is_utf8(bytes: &[u8], threads: usize) -> bool {
    is_utf8_in_parts(bytes, threads, UTF8_PART)
}

/// [`is_utf8`], each part at least `least` bytes.
fn is_utf8_in_parts(bytes: &[u8], threads: usize, least: usize) -> bool {
    let parts = threads.min(bytes.len() / least.max(1)).max(1);
    if parts == 1 {
        return std::str::from_utf8(bytes).is_ok();
    }
    let mut cuts = vec![0];
    for k in 1..parts {
        let mut at = (bytes.len() / parts * k).max(cuts[k - 1]);
        while bytes.get(at).is_some_and(|b| b & 0xc0 == 0x80) {
            at += 1;
        }
        cuts.push(at);
    }
    cuts.push(bytes.len());
    let part = |k: usize| std::str::from_utf8(&bytes[cuts[k]..cuts[k + 1]]).is_ok();
    std::thread::scope(|scope| {
        let others: Vec<_> = (1..parts).map(|k| scope.spawn(move || part(k))).collect();
        // (A thread that cannot start is a panic here, as `std::thread::spawn`'s.)
        let first = part(0);
        others
            .into_iter()
            .fold(first, |all, h| h.join().unwrap_or(false) && all)
    })
}

#[cfg(unix)]
mod mapped {
    use std::io::{self, Seek, SeekFrom};
    use std::os::fd::AsRawFd;

    /// A read-only private mapping of a file's bytes from an offset to its end, checked UTF-8.
    pub struct Mapped {
        /// Where the mapping starts (a page boundary at or before the offset).
        base: *mut libc::c_void,
        /// The mapping's length.
        len: usize,
        /// Where the text starts in it.
        skip: usize,
    }

    impl Mapped {
        pub fn text(&self) -> &str {
            // SAFETY: `base..base + len` is mapped readable for as long as `self` lives (it is
            // unmapped on drop), and `skip..len` was checked UTF-8 when it was mapped (its
            // contents are the file's, which the run does not change; see the module doc).
            unsafe {
                let bytes = std::slice::from_raw_parts(self.base.cast::<u8>(), self.len);
                std::str::from_utf8_unchecked(&bytes[self.skip..])
            }
        }
    }

    impl Drop for Mapped {
        fn drop(&mut self) {
            // SAFETY: the mapping `map` made, unmapped once; no borrow of it outlives `self`.
            unsafe { libc::munmap(self.base, self.len) };
        }
    }

    /// `file` (`size` bytes long) mapped from its descriptor's offset to its end, which the
    /// descriptor is moved to; `None` where there is nothing to map or the mapping is refused
    /// (the caller reads the file instead, from the same offset).
    pub fn map(file: &mut std::fs::File, size: u64, threads: usize) -> io::Result<Option<Mapped>> {
        let Ok(at) = file.stream_position() else {
            return Ok(None);
        };
        if at >= size {
            return Ok(None);
        }
        // SAFETY: sysconf takes no pointer.
        let page = u64::try_from(unsafe { libc::sysconf(libc::_SC_PAGESIZE) }).unwrap_or(4096);
        let start = at - at % page.max(1);
        let (Ok(len), Ok(skip), Ok(offset)) = (
            usize::try_from(size - start),
            usize::try_from(at - start),
            libc::off_t::try_from(start),
        ) else {
            return Ok(None);
        };
        // SAFETY: a new read-only private mapping of an open descriptor, at an address the
        // kernel picks: it aliases no memory of this process.
        let base = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                len,
                libc::PROT_READ,
                libc::MAP_PRIVATE,
                file.as_raw_fd(),
                offset,
            )
        };
        if base == libc::MAP_FAILED {
            return Ok(None);
        }
        let mapped = Mapped { base, len, skip };
        // The whole file is read, from the start: the kernel may read ahead what is not in
        // its cache yet (a file out of the cache: 70 ms for 100 MB, 55 ms with this).
        // SAFETY: advice on the mapping just made, which it does not change.
        unsafe { libc::madvise(base, len, libc::MADV_WILLNEED) };
        // SAFETY: as in `Mapped::text`, the bytes not yet checked.
        let bytes = unsafe { std::slice::from_raw_parts(base.cast::<u8>(), len) };
        if !super::is_utf8(&bytes[skip..], threads) {
            // `read_to_string`'s error.
            let message = "stream did not contain valid UTF-8";
            return Err(io::Error::new(io::ErrorKind::InvalidData, message));
        }
        file.seek(SeekFrom::End(0))?;
        Ok(Some(mapped))
    }
}

#[cfg(test)]
mod tests {
    use super::is_utf8_in_parts;

    /// Cut anywhere (parts of a byte or more, up to 7 of them), texts of one- to four-byte
    /// characters and texts made invalid at every byte are judged as `from_utf8` judges them.
    #[test]
    fn parts_judge_as_the_whole_text_is_judged() {
        let text = "a\u{e9}\u{20ac}\u{1f600}b\u{7ff}\u{800}\u{ffff}\u{10000}c".repeat(3);
        let mut texts = vec![text.as_bytes().to_vec()];
        for at in 0..text.len() {
            for bad in [0x80u8, 0xc0, 0xe2, 0xf0, 0xff, b'a'] {
                let mut b = text.as_bytes().to_vec();
                b[at] = bad;
                texts.push(b);
            }
            texts.push([&text.as_bytes()[..at], &text.as_bytes()[at + 1..]].concat());
        }
        for b in &texts {
            let want = std::str::from_utf8(b).is_ok();
            for threads in 1..=7 {
                for least in [1, 2, 5] {
                    assert_eq!(is_utf8_in_parts(b, threads, least), want, "{b:?} {threads}");
                }
            }
        }
    }
}
