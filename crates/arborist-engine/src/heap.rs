//! Hands the allocator's free pages back to the operating system. glibc's allocator keeps the pages of
//! freed blocks inside its arenas (one per busy thread) and returns only the top of each heap, so after
//! a large parse the freed tree's pages stay with the process, and a parse on another thread takes new
//! ones.

/// Releases the free pages of every arena (glibc's `malloc_trim`; a no-op elsewhere).
#[cfg(all(target_os = "linux", target_env = "gnu"))]
pub fn trim() {
    // SAFETY: malloc_trim only walks the allocator's own free lists, under its own locks.
    unsafe { libc::malloc_trim(0) };
}

/// Releases the free pages of every arena (glibc's `malloc_trim`; a no-op elsewhere).
#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
pub fn trim() {}
