//! The index's name map: each symbol name's hash with the files that define a symbol of that name (or of
//! another name of that hash). Files are small ids, and a name that one file defines (most names) takes 8
//! bytes of the map: a large project has about a million names.

use super::FastMap;
use std::sync::Arc;

/// A map value that is not one file id but `MANY | i`: the files are `lists[i]`.
const MANY: u32 = 1 << 31;

#[derive(Default)]
pub(super) struct NameMap {
    /// Name hash -> a file id, or `MANY | i` for two files or more.
    heads: FastMap<u32, u32>,
    /// The file ids of the names with several files, each file once (in the order they came).
    lists: Vec<Vec<u32>>,
    /// Slots of `lists` that are free again.
    free_lists: Vec<u32>,
    /// File id -> path (None: free again).
    paths: Vec<Option<Arc<str>>>,
    free_ids: Vec<u32>,
    ids: FastMap<Arc<str>, u32>,
}

impl NameMap {
    /// A map of no names over the files of a persistent index (`files[i]` is the path of position `i`),
    /// for `add_saved` to fill as the rest of the index is read (`names` of them).
    pub(super) fn of_saved_files(files: Vec<Arc<str>>, names: usize) -> NameMap {
        let mut map = NameMap {
            ids: files.iter().enumerate().map(|(i, f)| (f.clone(), i as u32)).collect(),
            ..NameMap::default()
        };
        map.paths = files.into_iter().map(Some).collect();
        map.heads.reserve(names);
        map
    }

    /// Adds a saved name (by hash) with the positions of the files that define it (each once).
    pub(super) fn add_saved(&mut self, name: u32, files: Vec<u32>) {
        let head = match files[..] {
            [one] => one,
            _ => self.new_list(files),
        };
        self.heads.insert(name, head);
    }

    /// Adds the names (by hash) that the file `rel` defines.
    pub(super) fn add(&mut self, rel: &str, hashes: impl Iterator<Item = u32>) {
        let id = self.id_for(rel);
        for name in hashes {
            match self.heads.get(&name).copied() {
                None => {
                    self.heads.insert(name, id);
                }
                Some(one) if one & MANY == 0 => {
                    // this file's names come together: the file listed already is the last one
                    if one != id {
                        let list = self.new_list(vec![one, id]);
                        self.heads.insert(name, list);
                    }
                }
                Some(many) => {
                    let list = &mut self.lists[(many & !MANY) as usize];
                    if list.last() != Some(&id) {
                        list.push(id);
                    }
                }
            }
        }
    }

    /// Removes the file `rel`, which defined the names of `hashes`.
    pub(super) fn remove(&mut self, rel: &str, hashes: impl Iterator<Item = u32>) {
        let Some(id) = self.ids.remove(rel) else { return };
        for name in hashes {
            let Some(head) = self.heads.get(&name).copied() else { continue };
            if head & MANY == 0 {
                if head == id {
                    self.heads.remove(&name);
                }
                continue;
            }
            let slot = head & !MANY;
            let list = &mut self.lists[slot as usize];
            list.retain(|&f| f != id);
            if let [one] = list.as_slice() {
                self.heads.insert(name, *one);
                self.free_list(slot);
            }
        }
        self.paths[id as usize] = None;
        self.free_ids.push(id);
    }

    /// The paths of the files listed for the name hash `name`.
    pub(super) fn files(&self, name: u32) -> impl Iterator<Item = &Arc<str>> {
        let ids: &[u32] = match self.heads.get(&name) {
            None => &[],
            Some(head) if head & MANY == 0 => std::slice::from_ref(head),
            Some(many) => &self.lists[(many & !MANY) as usize],
        };
        ids.iter().filter_map(|&id| self.paths[id as usize].as_ref())
    }

    /// Every name hash with the paths of its files.
    pub(super) fn iter(&self) -> impl ExactSizeIterator<Item = (u32, impl Iterator<Item = &Arc<str>>)> {
        self.heads.keys().map(|&name| (name, self.files(name)))
    }

    /// Heap bytes the map holds (capacities and paths; allocator overhead left out).
    pub(super) fn heap_bytes(&self) -> usize {
        let slot = |key_value: usize| key_value + 1; // a hash table's slot: key, value and control byte
        let lists: usize = self.lists.iter().map(|l| l.capacity() * size_of::<u32>()).sum();
        let paths: usize = self.paths.iter().flatten().map(|p| p.len() + 2 * size_of::<usize>()).sum();
        self.heads.capacity() * slot(2 * size_of::<u32>())
            + self.ids.capacity() * slot(size_of::<(Arc<str>, u32)>())
            + self.lists.capacity() * size_of::<Vec<u32>>()
            + lists
            + self.paths.capacity() * size_of::<Option<Arc<str>>>()
            + paths
            + (self.free_lists.capacity() + self.free_ids.capacity()) * size_of::<u32>()
    }

    fn id_for(&mut self, rel: &str) -> u32 {
        if let Some(&id) = self.ids.get(rel) {
            return id;
        }
        let path: Arc<str> = Arc::from(rel);
        let id = match self.free_ids.pop() {
            Some(id) => {
                self.paths[id as usize] = Some(path.clone());
                id
            }
            None => {
                self.paths.push(Some(path.clone()));
                (self.paths.len() - 1) as u32
            }
        };
        self.ids.insert(path, id);
        id
    }

    /// A list slot holding `files`, as a map value.
    fn new_list(&mut self, files: Vec<u32>) -> u32 {
        let slot = match self.free_lists.pop() {
            Some(slot) => {
                self.lists[slot as usize] = files;
                slot
            }
            None => {
                self.lists.push(files);
                (self.lists.len() - 1) as u32
            }
        };
        MANY | slot
    }

    fn free_list(&mut self, slot: u32) {
        self.lists[slot as usize] = Vec::new();
        self.free_lists.push(slot);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn files(map: &NameMap, name: u32) -> Vec<String> {
        map.files(name).map(|f| f.to_string()).collect()
    }

    #[test]
    fn names_keep_their_files_through_adds_and_removes() {
        let mut map = NameMap::default();
        map.add("a.py", [1, 2, 1].into_iter());
        map.add("b.py", [2, 3].into_iter());
        map.add("c.py", [2].into_iter());
        assert_eq!(files(&map, 1), ["a.py"], "a file is listed once per name");
        assert_eq!(files(&map, 2), ["a.py", "b.py", "c.py"]);
        map.remove("b.py", [2, 3].into_iter());
        assert_eq!(files(&map, 2), ["a.py", "c.py"]);
        assert!(files(&map, 3).is_empty());
        map.remove("a.py", [1, 2, 1].into_iter());
        assert_eq!(files(&map, 2), ["c.py"], "one file left: held without a list");
        assert!(files(&map, 1).is_empty());
        // ids and list slots are reused
        map.add("d.py", [2, 4].into_iter());
        assert_eq!(files(&map, 2), ["c.py", "d.py"]);
        assert_eq!(files(&map, 4), ["d.py"]);
        assert_eq!(map.paths.len(), 3);
        assert_eq!(map.lists.len(), 1);
        assert_eq!(map.iter().len(), 2);
    }

    #[test]
    fn a_saved_map_reads_back() {
        let paths: Vec<Arc<str>> = vec!["a.go".into(), "b.go".into()];
        let mut map = NameMap::of_saved_files(paths, 2);
        map.add_saved(7, vec![0, 1]);
        map.add_saved(8, vec![1]);
        assert_eq!(files(&map, 7), ["a.go", "b.go"]);
        assert_eq!(files(&map, 8), ["b.go"]);
        map.remove("b.go", [7, 8].into_iter());
        assert_eq!(files(&map, 7), ["a.go"]);
        map.add("c.go", [8].into_iter());
        assert_eq!(files(&map, 8), ["c.go"]);
    }
}
