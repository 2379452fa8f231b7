//! The index's name map: each symbol name with the files that define a symbol of that name. Names index
//! a flat table and files are small ids, so a name that one file defines (most names) takes 4 bytes of
//! the map, and one that two files define (most of the others) 12: a large project has about a million
//! names.

use super::FastMap;
use arborist_syntax::name::Name;
use std::sync::Arc;

/// A map value that is not one file id but `MANY | i`: the files are `lists[i]`.
const MANY: u32 = 1 << 31;
/// A map value that is not one file id but `PAIR | i`: the files are `pairs[i]`.
const PAIR: u32 = 1 << 30;
/// The bits of a map value that say what it is.
const TAGS: u32 = MANY | PAIR;
/// The map value of a name no file defines.
const NONE: u32 = u32::MAX;

#[derive(Default)]
pub(super) struct NameMap {
    /// By name (`Name::index`): a file id, `PAIR | i` for two files, `MANY | i` for more (or two left of
    /// more), or `NONE`.
    heads: Vec<u32>,
    /// The file ids of the names with two files, in the order they came (8 bytes, where a list of its own
    /// took 56 with its allocation: 213,000 of the large corpus's 335,000 names of several files).
    pairs: Vec<[u32; 2]>,
    /// Slots of `pairs` that are free again.
    free_pairs: Vec<u32>,
    /// The file ids of the names with more files, each file once (in the order they came).
    lists: Vec<Vec<u32>>,
    /// Slots of `lists` that are free again.
    free_lists: Vec<u32>,
    /// File id -> path (None: free again).
    paths: Vec<Option<Arc<str>>>,
    free_ids: Vec<u32>,
    ids: FastMap<Arc<str>, u32>,
}

impl NameMap {
    /// Adds the names that the file `rel` defines; the map's copy of the path, for other tables to share.
    pub(super) fn add(&mut self, rel: &str, names: impl Iterator<Item = Name>) -> Arc<str> {
        let id = self.id_for(rel);
        for name in names {
            // this file's names come together: a file listed already is the last one
            match self.head(name) {
                None => self.set_head(name, id),
                Some(one) if one & TAGS == 0 => {
                    if one != id {
                        let pair = self.new_pair([one, id]);
                        self.set_head(name, pair);
                    }
                }
                Some(pair) if pair & PAIR != 0 => {
                    let [a, b] = self.pairs[(pair & !TAGS) as usize];
                    if b != id {
                        self.free_pair(pair & !TAGS);
                        let list = self.new_list(vec![a, b, id]);
                        self.set_head(name, list);
                    }
                }
                Some(many) => {
                    let list = &mut self.lists[(many & !TAGS) as usize];
                    if list.last() != Some(&id) {
                        list.push(id);
                    }
                }
            }
        }
        self.paths[id as usize].clone().expect("a listed file has its path")
    }

    /// Removes the file `rel`, which defined `names`.
    pub(super) fn remove(&mut self, rel: &str, names: impl Iterator<Item = Name>) {
        let Some(id) = self.ids.remove(rel) else { return };
        for name in names {
            let Some(head) = self.head(name) else { continue };
            let slot = head & !TAGS;
            if head & TAGS == 0 {
                if head == id {
                    self.set_head(name, NONE);
                }
            } else if head & PAIR != 0 {
                let [a, b] = self.pairs[slot as usize];
                if id == a || id == b {
                    self.set_head(name, if id == a { b } else { a });
                    self.free_pair(slot);
                }
            } else {
                let list = &mut self.lists[slot as usize];
                list.retain(|&f| f != id);
                if let [one] = list.as_slice() {
                    let one = *one;
                    self.set_head(name, one);
                    self.free_list(slot);
                }
            }
        }
        self.paths[id as usize] = None;
        self.free_ids.push(id);
    }

    /// The paths of the files that define `name`.
    pub(super) fn files(&self, name: Name) -> impl Iterator<Item = &Arc<str>> {
        let ids: &[u32] = match self.heads.get(name.index()) {
            None | Some(&NONE) => &[],
            Some(head) if head & TAGS == 0 => std::slice::from_ref(head),
            Some(pair) if pair & PAIR != 0 => &self.pairs[(pair & !TAGS) as usize],
            Some(many) => &self.lists[(many & !TAGS) as usize],
        };
        ids.iter().filter_map(|&id| self.paths[id as usize].as_ref())
    }

    /// The map value of `name`, if a file defines it.
    fn head(&self, name: Name) -> Option<u32> {
        self.heads.get(name.index()).copied().filter(|&h| h != NONE)
    }

    fn set_head(&mut self, name: Name, head: u32) {
        let at = name.index();
        if at >= self.heads.len() {
            self.heads.resize(at + 1, NONE);
        }
        self.heads[at] = head;
    }

    /// Heap bytes the map holds (capacities and paths; allocator overhead left out).
    pub(super) fn heap_bytes(&self) -> usize {
        let slot = |key_value: usize| key_value + 1; // a hash table's slot: key, value and control byte
        let lists: usize = self.lists.iter().map(|l| l.capacity() * size_of::<u32>()).sum();
        let paths: usize = self.paths.iter().flatten().map(|p| p.len() + 2 * size_of::<usize>()).sum();
        self.heads.capacity() * size_of::<u32>()
            + self.ids.capacity() * slot(size_of::<(Arc<str>, u32)>())
            + self.pairs.capacity() * size_of::<[u32; 2]>()
            + self.lists.capacity() * size_of::<Vec<u32>>()
            + lists
            + self.paths.capacity() * size_of::<Option<Arc<str>>>()
            + paths
            + (self.free_pairs.capacity() + self.free_lists.capacity() + self.free_ids.capacity()) * size_of::<u32>()
    }

    fn id_for(&mut self, rel: &str) -> u32 {
        if let Some(&id) = self.ids.get(rel) {
            return id;
        }
        let path: Arc<str> = Arc::from(rel);
        let id = put(&mut self.paths, &mut self.free_ids, Some(path.clone()));
        self.ids.insert(path, id);
        id
    }

    /// A list slot holding `files`, as a map value.
    fn new_list(&mut self, files: Vec<u32>) -> u32 {
        MANY | put(&mut self.lists, &mut self.free_lists, files)
    }

    /// A pair slot holding `files`, as a map value.
    fn new_pair(&mut self, files: [u32; 2]) -> u32 {
        PAIR | put(&mut self.pairs, &mut self.free_pairs, files)
    }

    fn free_pair(&mut self, slot: u32) {
        self.free_pairs.push(slot);
    }

    fn free_list(&mut self, slot: u32) {
        self.lists[slot as usize] = Vec::new();
        self.free_lists.push(slot);
    }
}

/// Puts `value` in a free slot of `slots` (one of `free`), else in a new one; its slot.
fn put<T>(slots: &mut Vec<T>, free: &mut Vec<u32>, value: T) -> u32 {
    match free.pop() {
        Some(slot) => {
            slots[slot as usize] = value;
            slot
        }
        None => {
            slots.push(value);
            (slots.len() - 1) as u32
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn files(map: &NameMap, name: u32) -> Vec<String> {
        map.files(n(name)).map(|f| f.to_string()).collect()
    }

    fn n(i: u32) -> Name {
        Name::new(&format!("name_map_test_{i}"))
    }

    fn names<const N: usize>(ids: [u32; N]) -> impl Iterator<Item = Name> {
        ids.into_iter().map(n)
    }

    #[test]
    fn names_keep_their_files_through_adds_and_removes() {
        let mut map = NameMap::default();
        map.add("a.py", names([1, 2, 1]));
        map.add("b.py", names([2, 3]));
        map.add("c.py", names([2]));
        assert_eq!(files(&map, 1), ["a.py"], "a file is listed once per name");
        assert_eq!(files(&map, 2), ["a.py", "b.py", "c.py"]);
        map.remove("b.py", names([2, 3]));
        assert_eq!(files(&map, 2), ["a.py", "c.py"]);
        assert!(files(&map, 3).is_empty());
        map.remove("a.py", names([1, 2, 1]));
        assert_eq!(files(&map, 2), ["c.py"], "one file left: held without a list");
        assert!(files(&map, 1).is_empty());
        // ids and list slots are reused
        map.add("d.py", names([2, 4]));
        assert_eq!(files(&map, 2), ["c.py", "d.py"]);
        assert_eq!(files(&map, 4), ["d.py"]);
        assert_eq!(map.paths.len(), 3);
        assert_eq!((map.pairs.len(), map.lists.len()), (1, 1), "a pair slot, then a list slot, each reused");
        assert_eq!(map.heads.iter().filter(|&&h| h != NONE).count(), 2);
    }

    #[test]
    fn a_name_of_two_files_is_held_as_a_pair() {
        let mut map = NameMap::default();
        map.add("a.py", names([10, 11]));
        map.add("b.py", names([10, 11]));
        assert_eq!(files(&map, 10), ["a.py", "b.py"]);
        assert!(map.lists.is_empty(), "no list for two files");
        map.remove("a.py", names([10, 11]));
        assert_eq!(files(&map, 10), ["b.py"], "either file of a pair may go");
        map.add("c.py", names([11]));
        map.remove("c.py", names([11]));
        assert_eq!(files(&map, 11), ["b.py"]);
        map.add("d.py", names([10]));
        map.add("e.py", names([10]));
        assert_eq!(files(&map, 10), ["b.py", "d.py", "e.py"], "a third file makes it a list");
        assert_eq!(map.pairs.len(), 2, "freed pair slots are reused");
        assert_eq!(map.lists.len(), 1);
    }
}
