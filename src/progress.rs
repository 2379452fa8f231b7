//! The progress bar of `arborist index` on a terminal: a thread polls the engine's build counters and draws
//! files checked of total on stderr. Off when stderr is not a terminal; the engine knows nothing of it.

use arborist_engine::index::Progress;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;
use std::time::Duration;

/// How often the bar reads the counters.
const TICK: Duration = Duration::from_millis(100);

/// A bar being drawn; dropping it clears the bar.
pub struct Bar {
    stop: Arc<AtomicBool>,
    drawer: Option<JoinHandle<()>>,
}

/// Draws `progress` on stderr until the returned bar is dropped; None (nothing drawn) when stderr is not
/// a terminal.
pub fn on_terminal(progress: Arc<Progress>) -> Option<Bar> {
    if !std::io::stderr().is_terminal() {
        return None;
    }
    let stop = Arc::new(AtomicBool::new(false));
    let drawer = {
        let stop = stop.clone();
        std::thread::Builder::new().name("arborist-progress".into()).spawn(move || draw(&progress, &stop)).ok()?
    };
    Some(Bar { stop, drawer: Some(drawer) })
}

fn draw(progress: &Progress, stop: &AtomicBool) {
    let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
    let style = ProgressStyle::with_template("indexing {bar:40} {pos}/{len} files  {elapsed}")
        .unwrap_or_else(|_| ProgressStyle::default_bar());
    bar.set_style(style.progress_chars("=> "));
    while !stop.load(Ordering::Acquire) {
        let (done, total) = progress.get();
        if total > 0 {
            bar.set_length(total as u64);
            bar.set_position(done as u64);
        }
        std::thread::park_timeout(TICK);
    }
    bar.finish_and_clear();
}

impl Drop for Bar {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Release);
        if let Some(drawer) = self.drawer.take() {
            drawer.thread().unpark();
            let _ = drawer.join();
        }
    }
}
