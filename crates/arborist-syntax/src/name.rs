//! Interned symbol names: each distinct name's text is stored once for the life of the process and a
//! symbol holds a 4-byte `Name`. A large project has millions of symbols and about a third as many
//! distinct names; a name held inline would cost 24 bytes a symbol, and an allocation of its own when long.
//!
//! Texts are never freed: a long-running server keeps the names it has seen, which repeat (an edit
//! brings back the names it replaced), so the store grows with the project's vocabulary, not its edits.

use std::hash::BuildHasher;
use std::ops::Deref;
use std::sync::atomic::{AtomicPtr, Ordering};
use std::sync::{Mutex, OnceLock};

/// A symbol name: 4 bytes, `Copy`, compared and hashed by identity (one text, one `Name`), ordered by its
/// text (so it sorts as the text would).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Name(u32);

impl Name {
    /// The name of this text, stored on its first use.
    pub fn new(text: &str) -> Name {
        store().intern(text)
    }

    /// The name of this text if some symbol was ever given it: a name never stored names no symbol.
    pub fn existing(text: &str) -> Option<Name> {
        store().find(text)
    }

    /// Its text, which lives as long as the process.
    pub fn as_str(self) -> &'static str {
        store().text(self)
    }

    /// Makes room for about `more` names beyond those stored, so that a bulk load (the saved index) does
    /// not grow the tables step by step: each growth reads every stored text again to file it anew.
    pub fn reserve(more: usize) {
        store().reserve(more)
    }

    /// The name at `place` of shard `shard`: its shard in the low bits, its place above them.
    fn at(shard: usize, place: u32) -> Name {
        Name(place << SHARD_BITS | shard as u32)
    }

    /// Its number, unique in the process and dense (the names stored so far number about a sixteenth of
    /// the largest): for tables indexed by name.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl Default for Name {
    fn default() -> Self {
        Name::new("")
    }
}

impl Deref for Name {
    type Target = str;
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl PartialOrd for Name {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Name {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        if self == other { std::cmp::Ordering::Equal } else { self.as_str().cmp(other.as_str()) }
    }
}

impl std::fmt::Debug for Name {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(self.as_str(), f)
    }
}

impl std::fmt::Display for Name {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl From<Name> for String {
    fn from(name: Name) -> Self {
        name.as_str().to_string()
    }
}

impl serde::Serialize for Name {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

macro_rules! eq_text {
    ($($t:ty),*) => {$(
        impl PartialEq<$t> for Name {
            fn eq(&self, other: &$t) -> bool {
                self.as_str() == AsRef::<str>::as_ref(other)
            }
        }
        impl PartialEq<Name> for $t {
            fn eq(&self, other: &Name) -> bool {
                AsRef::<str>::as_ref(self) == other.as_str()
            }
        }
    )*};
}
eq_text!(str, &str, String);

/// Names are spread over shards by the hash of their text, so threads that index in parallel seldom
/// wait for one another; a `Name` is its shard in the low bits and its place in the shard above them.
const SHARD_BITS: u32 = 4;
const SHARDS: usize = 1 << SHARD_BITS;
/// Slots in a shard's first segment; each next segment doubles (so a slot never moves).
const FIRST_BITS: u32 = 10;
const SEGMENTS: usize = (32 - SHARD_BITS - FIRST_BITS + 1) as usize;
/// Texts are copied into leaked chunks of this size (a longer text gets a chunk of its own).
const CHUNK: usize = 64 << 10;

struct Store {
    shards: [Shard; SHARDS],
    hasher: foldhash::fast::FixedState,
}

struct Shard {
    /// Slot `i` points at name `i`'s text in a chunk: its length (4 bytes, little-endian), then its bytes.
    segments: [OnceLock<Box<[AtomicPtr<u8>]>>; SEGMENTS],
    table: Mutex<Table>,
}

/// What only the thread holding a shard's lock touches.
#[derive(Default)]
struct Table {
    /// The shard's names by the hash of their text, as places in the shard.
    places: hashbrown::HashTable<u32>,
    len: u32,
    /// The unwritten rest of the current chunk.
    free: &'static mut [u8],
    /// Bytes of every chunk so far.
    chunk_bytes: usize,
}

fn store() -> &'static Store {
    static STORE: OnceLock<Store> = OnceLock::new();
    STORE.get_or_init(|| Store {
        shards: std::array::from_fn(|_| Shard {
            segments: std::array::from_fn(|_| OnceLock::new()),
            table: Mutex::new(Table::default()),
        }),
        hasher: foldhash::fast::FixedState::with_seed(0x5eed),
    })
}

/// (segment, offset in it) of a shard's slot `place`.
fn slot_of(place: u32) -> (usize, usize) {
    let i = place as usize + (1 << FIRST_BITS);
    let segment = (usize::BITS - 1 - i.leading_zeros() - FIRST_BITS) as usize;
    (segment, i - (1 << (segment as u32 + FIRST_BITS)))
}

impl Store {
    /// The text's hash and the shard that holds it (or would).
    fn shard_of(&self, text: &str) -> (u64, usize) {
        let hash = self.hasher.hash_one(text);
        (hash, (hash >> (64 - SHARD_BITS)) as usize)
    }

    fn intern(&self, text: &str) -> Name {
        let (hash, shard_index) = self.shard_of(text);
        let shard = &self.shards[shard_index];
        let mut table = shard.table.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(place) = shard.find(&table, hash, text) {
            return Name::at(shard_index, place);
        }
        let place = table.len;
        assert!(place < 1 << (32 - SHARD_BITS), "more than 268 million distinct names in one shard");
        let stored = table.copy(text);
        let (segment, offset) = slot_of(place);
        let slots = shard.segments[segment]
            .get_or_init(|| (0..1usize << (segment as u32 + FIRST_BITS)).map(|_| AtomicPtr::default()).collect());
        slots[offset].store(stored.cast_mut(), Ordering::Release);
        table.len += 1;
        table.places.insert_unique(hash, place, |&p| self.hash_at(shard, p));
        Name::at(shard_index, place)
    }

    fn reserve(&self, more: usize) {
        // the names spread evenly over the shards by hash; a sixteenth more for the uneven spread
        let per_shard = more / SHARDS + more / SHARDS / 16;
        for shard in &self.shards {
            let mut table = shard.table.lock().unwrap_or_else(|e| e.into_inner());
            table.places.reserve(per_shard, |&p| self.hash_at(shard, p));
        }
    }

    /// The hash of the text of `shard`'s name at `place`: what its table files it under when it grows.
    fn hash_at(&self, shard: &Shard, place: u32) -> u64 {
        self.hasher.hash_one(shard.text(place))
    }

    fn find(&self, text: &str) -> Option<Name> {
        let (hash, shard_index) = self.shard_of(text);
        let shard = &self.shards[shard_index];
        let table = shard.table.lock().unwrap_or_else(|e| e.into_inner());
        shard.find(&table, hash, text).map(|place| Name::at(shard_index, place))
    }

    fn text(&self, name: Name) -> &'static str {
        self.shards[(name.0 & (SHARDS as u32 - 1)) as usize].text(name.0 >> SHARD_BITS)
    }
}

impl Shard {
    /// The place of `text` (of hash `hash`) in the shard, if it is stored; `table` is the shard's, locked.
    fn find(&self, table: &Table, hash: u64, text: &str) -> Option<u32> {
        table.places.find(hash, |&place| self.text(place) == text).copied()
    }

    /// The text of the shard's name at `place` (a place that `Store::intern` handed out).
    fn text(&self, place: u32) -> &'static str {
        let (segment, offset) = slot_of(place);
        let ptr = self.segments[segment].get().expect("a name's segment exists")[offset].load(Ordering::Acquire);
        assert!(!ptr.is_null(), "a name's slot is set before the name is handed out");
        // SAFETY: a non-null slot points at a 4-byte length and that many bytes of UTF-8, copied by
        // `Table::copy` into a leaked chunk that is never written again nor freed (the Release store
        // above orders that copy before this Acquire load).
        unsafe {
            let len = u32::from_le_bytes(std::ptr::read_unaligned(ptr.cast::<[u8; 4]>())) as usize;
            std::str::from_utf8_unchecked(std::slice::from_raw_parts(ptr.add(4), len))
        }
    }
}

impl Table {
    /// Copies `text` after its length into the current chunk (a new one when it does not fit) and
    /// returns where the copy starts; those bytes are never written again.
    fn copy(&mut self, text: &str) -> *const u8 {
        let need = 4 + text.len();
        if self.free.len() < need {
            self.free = Box::leak(vec![0u8; need.max(CHUNK)].into_boxed_slice());
            self.chunk_bytes += self.free.len();
        }
        let (head, rest) = std::mem::take(&mut self.free).split_at_mut(need);
        head[..4].copy_from_slice(&(text.len() as u32).to_le_bytes());
        head[4..].copy_from_slice(text.as_bytes());
        self.free = rest;
        head.as_ptr()
    }
}

/// Bytes the store holds: chunks, slots and tables (for the memory benches).
pub fn store_bytes() -> usize {
    let store = store();
    store
        .shards
        .iter()
        .map(|shard| {
            let slots: usize = shard.segments.iter().filter_map(|s| s.get()).map(|s| s.len() * 8).sum();
            let table = shard.table.lock().unwrap_or_else(|e| e.into_inner());
            slots + table.places.capacity() * (size_of::<u32>() + 1) + table.chunk_bytes
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_text_one_name_and_the_text_back() {
        let texts: Vec<String> = (0..5000).map(|i| format!("name_{i}")).collect();
        let names: Vec<Name> = texts.iter().map(|t| Name::new(t)).collect();
        for (t, n) in texts.iter().zip(&names) {
            assert_eq!(n.as_str(), t);
            assert_eq!(Name::new(t), *n);
            assert_eq!(Name::existing(t), Some(*n));
        }
        assert_eq!(Name::existing("never_given_to_any_symbol_x9"), None);
        assert_eq!(Name::new(""), Name::default());
        assert_eq!(Name::default().as_str(), "");
        let long = "x".repeat(3 * CHUNK);
        assert_eq!(Name::new(&long).as_str(), long);
        assert!(Name::new("b") > Name::new("a") && Name::new("a") == "a" && "a" == Name::new("a"));
    }

    #[test]
    fn names_stored_before_room_is_made_are_found_after_it() {
        let texts: Vec<String> = (0..3000).map(|i| format!("before_reserve_{i}")).collect();
        let names: Vec<Name> = texts.iter().map(|t| Name::new(t)).collect();
        Name::reserve(200_000);
        assert!(texts.iter().zip(&names).all(|(t, n)| Name::existing(t) == Some(*n) && Name::new(t) == *n));
        let after = Name::new("after_reserve");
        assert!(after != names[0] && Name::existing("after_reserve") == Some(after));
    }

    #[test]
    fn threads_interning_the_same_texts_get_the_same_names() {
        let run = || (0..2000).map(|i| Name::new(&format!("shared_{i}"))).collect::<Vec<_>>();
        let (a, b) = std::thread::scope(|s| {
            let (a, b) = (s.spawn(run), s.spawn(run));
            (a.join().unwrap(), b.join().unwrap())
        });
        assert_eq!(a, b);
        assert!(a.iter().enumerate().all(|(i, n)| n.as_str() == format!("shared_{i}")));
    }

    #[test]
    fn slots_fill_segments_in_order() {
        assert_eq!(slot_of(0), (0, 0));
        assert_eq!(slot_of(1023), (0, 1023));
        assert_eq!(slot_of(1024), (1, 0));
        assert_eq!(slot_of(3071), (1, 2047));
        assert_eq!(slot_of(3072), (2, 0));
        let last = (1u32 << (32 - SHARD_BITS)) - 1;
        assert!(slot_of(last).0 < SEGMENTS);
    }
}
