//! The binary's allocator: mimalloc (see its entry in Cargo.toml), with a cache on each thread of
//! the small blocks it freed last, which it hands out again last freed first. The binary installs
//! it (`src/main.rs`); the library leaves the choice of a global allocator to its application.
//!
//! Why the cache: mimalloc gives out the free blocks a page already had before the ones freed on
//! it since (its free lists are per page, and a page's own frees wait on a list of their own
//! until the other is empty), so a block freed comes back only after about a page of other
//! blocks of its size. A run frees each item's trees and builds the next item's straight after,
//! of the same sizes: from the cache, those blocks are the ones it wrote last, still in the
//! core's caches, where mimalloc's are the page's cold ones (almost every allocation missed the
//! L1: `benches/REPORT.md`, issue 44).
//!
//! A block the cache keeps is a whole class's size (`SIZES`: mimalloc's own size classes up to
//! `LARGEST` bytes, so a block made for a class is the one mimalloc would give the request
//! anyway), so it serves any request of its class; blocks of larger sizes or alignments go to
//! mimalloc as they are. Each thread keeps at most 32 KB or 64 blocks of a class (`KEEP`),
//! the rest going back to mimalloc. The blocks a thread keeps when it ends are not given back:
//! the run's threads (its worker and the pool's, see [`crate::jobs`]) last until the process
//! ends, and hold under 0.9 MB each.

use std::alloc::{GlobalAlloc, Layout};
use std::cell::UnsafeCell;
use std::ptr::null_mut;

/// mimalloc, behind each thread's cache of small blocks (see the module's doc).
pub struct Allocator;

/// The alignment every mimalloc block has: its plain calls serve what needs no more (strings,
/// vectors of nodes: most of the run's allocations); its aligned calls, which the `mimalloc`
/// crate's allocator makes for every allocation, check the alignment and the block's address
/// first.
const WORD: usize = std::mem::size_of::<usize>();

/// The size of each class: mimalloc's size classes up to [`LARGEST`] (a word apart up to 64
/// bytes, then four to each doubling; mimalloc's `_mi_bin`). Up to 1 KB: a map's vector of
/// entries takes 144 bytes an entry.
const SIZES: [usize; CLASSES] = [
    8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384, 448, 512, 640,
    768, 896, 1024,
];
const CLASSES: usize = 24;

/// The largest size the cache keeps.
const LARGEST: usize = 1024;

/// What a thread keeps of one class: [`KEEP_BYTES`] of its blocks, at least [`KEEP_LEAST`] (an
/// item's tree frees about 150 blocks, most of them under 64 bytes).
const KEEP: [u32; CLASSES] = {
    let mut keep = [0; CLASSES];
    let mut class = 0;
    while class < CLASSES {
        let blocks = (KEEP_BYTES / SIZES[class]) as u32;
        keep[class] = if blocks < KEEP_LEAST {
            KEEP_LEAST
        } else {
            blocks
        };
        class += 1;
    }
    keep
};
const KEEP_BYTES: usize = 32 << 10;
const KEEP_LEAST: u32 = 64;

/// The class of each size, by its number of words rounded up (the smallest class that holds it).
const CLASS_BY_WORDS: [u8; LARGEST / WORD + 1] = {
    let mut table = [0u8; LARGEST / WORD + 1];
    let mut words = 0;
    while words < table.len() {
        let mut class = 0;
        while SIZES[class] < words * WORD {
            class += 1;
        }
        table[words] = class as u8;
        words += 1;
    }
    table
};

/// The class a block of `layout` is kept in, if the cache keeps such blocks.
#[inline]
fn class(layout: Layout) -> Option<usize> {
    (layout.size() <= LARGEST && layout.align() <= WORD)
        .then(|| CLASS_BY_WORDS[layout.size().div_ceil(WORD)] as usize)
}

/// A thread's kept blocks: for each class a list threaded through the blocks themselves (each
/// holds the address of the next in its first word), and its length.
struct Cache {
    first: [*mut u8; CLASSES],
    kept: [u32; CLASSES],
}

thread_local! {
    /// Without a destructor, so that it can be reached at any time (see the module's doc).
    static CACHE: UnsafeCell<Cache> = const {
        UnsafeCell::new(Cache { first: [null_mut(); CLASSES], kept: [0; CLASSES] })
    };
}

/// A block of class `c`: the one this thread kept last, else a new one of the class's size.
///
/// # Safety
/// `c` is a class ([`class`]).
#[inline]
unsafe fn take(c: usize) -> *mut u8 {
    CACHE.with(|cache| {
        // SAFETY: the cache is this thread's, and nothing else holds a reference to it while
        // this runs (mimalloc does not call back into this allocator).
        let cache = unsafe { &mut *cache.get() };
        let block = cache.first[c];
        if block.is_null() {
            // SAFETY: mimalloc's plain call: a class's size needs a word's alignment at most.
            return unsafe { libmimalloc_sys::mi_malloc(SIZES[c]) }.cast();
        }
        // SAFETY: a kept block holds the next one's address in its first word (see `give`).
        cache.first[c] = unsafe { block.cast::<*mut u8>().read() };
        cache.kept[c] -= 1;
        block
    })
}

/// Keeps `block`, of class `c`, or gives it back to mimalloc when the thread keeps all it may of
/// the class ([`KEEP`]).
///
/// # Safety
/// `block` was taken for class `c` ([`take`]) and is no longer used.
#[inline]
unsafe fn give(c: usize, block: *mut u8) {
    CACHE.with(|cache| {
        // SAFETY: as in `take`.
        let cache = unsafe { &mut *cache.get() };
        if cache.kept[c] >= KEEP[c] {
            // SAFETY: a block mimalloc made.
            return unsafe { libmimalloc_sys::mi_free(block.cast()) };
        }
        // SAFETY: the block has at least a word (the smallest class), word-aligned, and is
        // no longer used.
        unsafe { block.cast::<*mut u8>().write(cache.first[c]) };
        cache.first[c] = block;
        cache.kept[c] += 1;
    })
}

// SAFETY: a layout the cache keeps gets a block of its class's size, at least its own and
// word-aligned, and goes back to a cache (or to mimalloc) as a block of the same class; any other
// layout gets mimalloc's own call for it: the plain calls only where the alignment is at most a
// word, the aligned ones otherwise, every block freed by `mi_free`, which takes blocks of either
// kind.
unsafe impl GlobalAlloc for Allocator {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if let Some(c) = class(layout) {
            return take(c);
        }
        match layout.align() <= WORD {
            true => libmimalloc_sys::mi_malloc(layout.size()).cast(),
            false => libmimalloc_sys::mi_malloc_aligned(layout.size(), layout.align()).cast(),
        }
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        if let Some(c) = class(layout) {
            let block = take(c);
            if !block.is_null() {
                block.write_bytes(0, layout.size());
            }
            return block;
        }
        match layout.align() <= WORD {
            true => libmimalloc_sys::mi_zalloc(layout.size()).cast(),
            false => libmimalloc_sys::mi_zalloc_aligned(layout.size(), layout.align()).cast(),
        }
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        match class(layout) {
            Some(c) => give(c, ptr),
            None => libmimalloc_sys::mi_free(ptr.cast()),
        }
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: the caller's promise (a size that does not overflow at this alignment).
        let new = Layout::from_size_align_unchecked(new_size, layout.align());
        match (class(layout), class(new)) {
            (None, None) if layout.align() <= WORD => {
                libmimalloc_sys::mi_realloc(ptr.cast(), new_size).cast()
            }
            (None, None) => {
                libmimalloc_sys::mi_realloc_aligned(ptr.cast(), new_size, layout.align()).cast()
            }
            // The block already has its class's size.
            (from, to) if from == to => ptr,
            _ => {
                let moved = self.alloc(new);
                if !moved.is_null() {
                    std::ptr::copy_nonoverlapping(ptr, moved, layout.size().min(new_size));
                    self.dealloc(ptr, layout);
                }
                moved
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kept(c: usize) -> u32 {
        // SAFETY: read between calls of this thread's allocator.
        CACHE.with(|cache| unsafe { (*cache.get()).kept[c] })
    }

    /// Every block has its layout's alignment and room for its size, whichever call made it:
    /// sizes around the classes and past them, alignments from a byte to a page; a zeroed block
    /// is zero, and a block moved by `realloc` (within its class, to another, to mimalloc's
    /// sizes and back) keeps its bytes and its alignment.
    #[test]
    fn blocks_have_their_layouts_size_and_alignment() {
        for align in [1, 2, 4, 8, 16, 32, 64, 4096] {
            for size in [
                1, 3, 7, 8, 9, 15, 16, 17, 24, 40, 65, 100, 255, 256, 257, 1000, 70_000,
            ] {
                let layout = Layout::from_size_align(size, align).unwrap();
                let aligned = |p: *mut u8| !p.is_null() && (p as usize).is_multiple_of(align);
                // SAFETY: non-zero sizes; each block is used within its size and freed once,
                // with its layout.
                unsafe {
                    let mut p = Allocator.alloc(layout);
                    assert!(aligned(p), "{size} {align}");
                    p.write_bytes(0xab, size);
                    for new_size in [size + 1, size + 8, size * 3, LARGEST + size] {
                        let q = Allocator.realloc(p, layout, new_size);
                        assert!(aligned(q), "{size} {align} {new_size}");
                        assert!(
                            (0..size).all(|i| *q.add(i) == 0xab),
                            "{size} {align} {new_size}"
                        );
                        q.add(size).write_bytes(0xcd, new_size - size);
                        let grown = Layout::from_size_align(new_size, align).unwrap();
                        p = Allocator.realloc(q, grown, size);
                        assert!(aligned(p), "{size} {align} {new_size}");
                        assert!(
                            (0..size).all(|i| *p.add(i) == 0xab),
                            "{size} {align} {new_size}"
                        );
                    }
                    Allocator.dealloc(p, layout);
                    let z = Allocator.alloc_zeroed(layout);
                    assert!(aligned(z), "{size} {align}");
                    assert!((0..size).all(|i| *z.add(i) == 0), "{size} {align}");
                    Allocator.dealloc(z, layout);
                }
            }
        }
    }

    /// A small block freed is the next one of its class handed out, for any size of the class;
    /// a thread keeps at most `KEEP` blocks of a class, and a block of a larger size or alignment
    /// is not kept.
    #[test]
    fn the_block_freed_last_comes_back_first_up_to_keep() {
        let bytes = |n: usize| Layout::from_size_align(n, 1).unwrap();
        let c = class(bytes(20)).unwrap();
        assert_eq!(SIZES[c], 24);
        assert_eq!(class(bytes(17)), Some(c));
        assert_eq!(class(bytes(25)), Some(c + 1));
        assert_eq!(class(bytes(65)).map(|c| SIZES[c]), Some(80));
        assert_eq!(class(bytes(1)).map(|c| SIZES[c]), Some(8));
        assert_eq!(class(bytes(LARGEST + 1)), None);
        assert_eq!(class(Layout::from_size_align(16, 16).unwrap()), None);
        // SAFETY: as above.
        unsafe {
            let a = Allocator.alloc(bytes(20));
            let b = Allocator.alloc(bytes(17));
            let before = kept(c);
            Allocator.dealloc(a, bytes(20));
            Allocator.dealloc(b, bytes(17));
            assert_eq!(kept(c), before + 2);
            // The class's whole size is the block's: a 24-byte request gets the block a
            // 17-byte one left.
            let b2 = Allocator.alloc(bytes(24));
            assert_eq!(b2, b);
            b2.write_bytes(0xee, 24);
            assert_eq!(Allocator.alloc(bytes(18)), a);
            assert_eq!(kept(c), before);
            let many: Vec<_> = (0..KEEP[c] as usize + 10)
                .map(|_| Allocator.alloc(bytes(20)))
                .collect();
            for &p in &many {
                Allocator.dealloc(p, bytes(20));
            }
            assert_eq!(kept(c), KEEP[c]);
            Allocator.dealloc(a, bytes(20));
            Allocator.dealloc(b2, bytes(24));
            assert_eq!(kept(c), KEEP[c]);
            let big = bytes(LARGEST + 1);
            let before: Vec<u32> = (0..CLASSES).map(kept).collect();
            let p = Allocator.alloc(big);
            Allocator.dealloc(p, big);
            assert_eq!((0..CLASSES).map(kept).collect::<Vec<_>>(), before);
        }
    }

    /// The table of classes gives each size the smallest class that holds it.
    #[test]
    fn each_size_gets_the_smallest_class_that_holds_it() {
        for size in 1..=LARGEST {
            let c = class(Layout::from_size_align(size, 8).unwrap()).unwrap();
            assert!(
                SIZES[c] >= size && (c == 0 || SIZES[c - 1] < size),
                "{size}"
            );
        }
    }
}
