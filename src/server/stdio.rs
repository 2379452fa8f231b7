//! Line framing of MCP over stdio, in front of rmcp: one JSON-RPC message per line in, one per line out.
//! A line that is not JSON gets a parse error (-32700, id null) and one over `MAX_MESSAGE` bytes an
//! invalid-request error (-32600), where rmcp would drop both without a word; the session stays up.
//! Valid lines reach rmcp through an in-memory pipe; rmcp's answers and these errors share stdout.
//! rmcp runs requests concurrently, so a call that edits files is passed on only once the client's
//! earlier edit calls are answered (or cancelled): one client's edits land in the order it sent them.
//! Edit calls wait in a queue of their own; other messages (reads, cancellations) go on meanwhile.
//! An answer's structured content held as text (`raw`) is written into its line here.

use super::raw::RawAnswers;
use std::collections::HashSet;
use std::sync::{Arc, Mutex};
use tokio::io::{AsyncBufRead, AsyncBufReadExt, AsyncRead, AsyncWrite, AsyncWriteExt, BufReader, DuplexStream};
use tokio::sync::{Notify, mpsc};

/// The largest message read (a `create_text_file` of a large file fits); a longer line is answered
/// with an error and skipped, never buffered whole.
pub const MAX_MESSAGE: usize = 64 << 20;

/// The two ends rmcp serves on, and what the pumps report.
pub struct Framed {
    /// rmcp reads the client's valid messages here.
    pub rmcp_in: DuplexStream,
    /// rmcp writes its answers here.
    pub rmcp_out: DuplexStream,
    /// Notified once the client closed stdin.
    pub stdin_closed: Arc<Notify>,
    /// Ends when rmcp has closed its side and everything it wrote is on stdout.
    pub output: tokio::task::JoinHandle<()>,
}

impl Framed {
    /// Starts the input and output pumps between the client's streams and rmcp's.
    pub fn start<R, W>(input: R, output: W, raw: Arc<RawAnswers>) -> Framed
    where
        R: AsyncRead + Unpin + Send + 'static,
        W: AsyncWrite + Unpin + Send + 'static,
    {
        let (to_rmcp, rmcp_in) = tokio::io::duplex(1 << 16);
        let (rmcp_out, from_rmcp) = tokio::io::duplex(1 << 16);
        let (errors_tx, errors_rx) = mpsc::unbounded_channel();
        let stdin_closed = Arc::new(Notify::new());
        let edits = Arc::new(EditsInFlight::default());
        let to_rmcp = Arc::new(tokio::sync::Mutex::new(Some(to_rmcp)));
        let (queue_tx, queue_rx) = mpsc::unbounded_channel();
        tokio::spawn(pump_input(BufReader::new(input), to_rmcp.clone(), errors_tx, edits.clone(), queue_tx));
        tokio::spawn(forward_edits(queue_rx, to_rmcp, edits.clone(), stdin_closed.clone()));
        let output = tokio::spawn(pump_output(from_rmcp, errors_rx, output, edits, raw));
        Framed { rmcp_in, rmcp_out, stdin_closed, output }
    }
}

/// Ids of edit calls passed to rmcp and not answered yet.
#[derive(Default)]
struct EditsInFlight {
    ids: Mutex<HashSet<String>>,
    answered: Notify,
}

impl EditsInFlight {
    fn ids(&self) -> std::sync::MutexGuard<'_, HashSet<String>> {
        self.ids.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Waits until every edit call passed on so far is answered (at most `ORDER_WAIT`: an answer that
    /// never comes costs the order, never a hang).
    async fn settled(&self) {
        let all_answered = async {
            loop {
                let answered = self.answered.notified();
                if self.ids().is_empty() {
                    return;
                }
                answered.await;
            }
        };
        let _ = tokio::time::timeout(ORDER_WAIT, all_answered).await;
    }

    /// The client cancelled a call: no answer may come for it.
    fn cancelled(&self, message: &serde_json::Value) {
        let id = message.get("params").and_then(|p| p.get("requestId"));
        if let Some(id) = id
            && self.ids().remove(&id.to_string())
        {
            self.answered.notify_waiters();
        }
    }

    /// An answer went out: the call it answers is no longer in flight.
    fn answered(&self, line: &[u8]) {
        // (an edit's id goes in before its call reaches rmcp: with none in flight, no line answers one, and a
        // long answer is not read again)
        if self.ids().is_empty() {
            return;
        }
        #[derive(serde::Deserialize)]
        struct Answer {
            id: Option<serde_json::Value>,
        }
        let id = serde_json::from_slice::<Answer>(line).ok().and_then(|a| a.id);
        if let Some(id) = id
            && self.ids().remove(&id.to_string())
        {
            self.answered.notify_waiters();
        }
    }
}

/// How long an edit call waits for the earlier ones to be answered before it goes anyway.
const ORDER_WAIT: std::time::Duration = std::time::Duration::from_secs(60);

/// The rmcp end that valid messages go to; None once closed.
type ToRmcp = Arc<tokio::sync::Mutex<Option<DuplexStream>>>;

/// Writes one message line to rmcp; false once that end is gone.
async fn send(to_rmcp: &ToRmcp, message: &[u8]) -> bool {
    let mut guard = to_rmcp.lock().await;
    let Some(stream) = guard.as_mut() else { return false };
    stream.write_all(message).await.is_ok() && stream.write_all(b"\n").await.is_ok()
}

/// Passes queued edit calls to rmcp one at a time, each once the calls before it are answered; closes
/// rmcp's input when the client's input ended and the queue is empty.
async fn forward_edits(
    mut queue: mpsc::UnboundedReceiver<(String, Vec<u8>)>,
    to_rmcp: ToRmcp,
    edits: Arc<EditsInFlight>,
    closed: Arc<Notify>,
) {
    while let Some((id, message)) = queue.recv().await {
        edits.settled().await;
        edits.ids().insert(id);
        if !send(&to_rmcp, &message).await {
            break;
        }
    }
    to_rmcp.lock().await.take();
    closed.notify_one();
}

/// The id of a `tools/call` of a tool that locks files (shell commands do not: they may run for minutes
/// and must stay cancellable).
fn edit_call_id(message: &serde_json::Value) -> Option<String> {
    if message.get("method")?.as_str()? != "tools/call" {
        return None;
    }
    let tool = crate::tools::find(message.get("params")?.get("name")?.as_str()?)?;
    (tool.lock != crate::tools::Lock::None).then(|| message.get("id").map(|id| id.to_string()))?
}

/// What one read of a line found.
enum Line {
    Complete,
    /// Longer than `MAX_MESSAGE`: this many bytes were skipped.
    Oversized(usize),
    Eof,
}

async fn pump_input<R: AsyncBufRead + Unpin>(
    mut input: R,
    to_rmcp: ToRmcp,
    errors: mpsc::UnboundedSender<String>,
    edits: Arc<EditsInFlight>,
    edit_queue: mpsc::UnboundedSender<(String, Vec<u8>)>,
) {
    let mut line = Vec::new();
    loop {
        match read_line(&mut input, &mut line).await {
            Ok(Line::Eof) | Err(_) => break,
            Ok(Line::Oversized(bytes)) => {
                let why = format!(
                    "Invalid Request: the message is {bytes} bytes, over the limit of {} MiB; it was skipped",
                    MAX_MESSAGE >> 20
                );
                let _ = errors.send(error_line(-32600, &why));
            }
            Ok(Line::Complete) => {
                let message = line.trim_ascii();
                if message.is_empty() {
                    continue;
                }
                // a Value, as rmcp reads it (IgnoredAny has no nesting limit, and rmcp drops what fails it)
                let parsed = match serde_json::from_slice::<serde_json::Value>(message) {
                    Ok(v) => v,
                    Err(e) => {
                        let _ = errors.send(error_line(-32700, &format!("Parse error: {e}")));
                        continue;
                    }
                };
                if let Some(id) = edit_call_id(&parsed) {
                    let _ = edit_queue.send((id, message.to_vec()));
                    continue;
                }
                if parsed.get("method").and_then(|m| m.as_str()) == Some("notifications/cancelled") {
                    edits.cancelled(&parsed);
                }
                if !send(&to_rmcp, message).await {
                    break;
                }
            }
        }
    }
    // the edit queue closes rmcp's input once it has passed on what is queued
    drop(edit_queue);
}

/// Reads one `\n`-terminated line into `line` (without the `\n`), never holding more than `MAX_MESSAGE`
/// bytes of it; a last line without `\n` counts as complete.
async fn read_line<R: AsyncBufRead + Unpin>(input: &mut R, line: &mut Vec<u8>) -> std::io::Result<Line> {
    line.clear();
    let mut skipped = 0usize;
    loop {
        let buf = input.fill_buf().await?;
        if buf.is_empty() {
            return Ok(match (line.is_empty(), skipped) {
                (true, 0) => Line::Eof,
                (_, 0) => Line::Complete,
                (_, n) => Line::Oversized(n),
            });
        }
        let end = buf.iter().position(|&b| b == b'\n');
        let chunk = &buf[..end.unwrap_or(buf.len())];
        if skipped == 0 && line.len() + chunk.len() <= MAX_MESSAGE {
            line.extend_from_slice(chunk);
        } else {
            skipped += line.len() + chunk.len();
            line.clear();
        }
        let used = end.map_or(buf.len(), |i| i + 1);
        input.consume(used);
        if end.is_some() {
            return Ok(if skipped == 0 { Line::Complete } else { Line::Oversized(skipped) });
        }
    }
}

/// A JSON-RPC error answer to a message whose id could not be read.
fn error_line(code: i64, message: &str) -> String {
    serde_json::json!({"jsonrpc": "2.0", "id": null, "error": {"code": code, "message": message}}).to_string()
}

async fn pump_output<W: AsyncWrite + Unpin>(
    from_rmcp: DuplexStream,
    mut errors: mpsc::UnboundedReceiver<String>,
    mut out: W,
    edits: Arc<EditsInFlight>,
    raw: Arc<RawAnswers>,
) {
    let mut answers = BufReader::new(from_rmcp);
    // a partly read answer stays here while an error line is written (read_until resumes into it)
    let mut line = Vec::new();
    loop {
        tokio::select! {
            read = answers.read_until(b'\n', &mut line) => {
                if !matches!(read, Ok(n) if n > 0) {
                    break;
                }
                let filled = raw.fill(&line);
                if write(&mut out, &filled).await.is_err() {
                    break;
                }
                edits.answered(&filled);
                line.clear();
            }
            Some(error) = errors.recv() => {
                if write(&mut out, format!("{error}\n").as_bytes()).await.is_err() {
                    break;
                }
            }
        }
    }
}

async fn write<W: AsyncWrite + Unpin>(out: &mut W, bytes: &[u8]) -> std::io::Result<()> {
    out.write_all(bytes).await?;
    out.flush().await
}

#[cfg(test)]
mod tests {
    use super::*;

    async fn lines(input: &[u8]) -> Vec<String> {
        let mut reader = BufReader::new(input);
        let mut out = Vec::new();
        let mut line = Vec::new();
        loop {
            match read_line(&mut reader, &mut line).await.unwrap() {
                Line::Eof => return out,
                Line::Complete => out.push(String::from_utf8_lossy(&line).into_owned()),
                Line::Oversized(n) => out.push(format!("<{n} skipped>")),
            }
        }
    }

    #[tokio::test]
    async fn lines_are_bounded_and_the_last_may_lack_a_newline() {
        assert_eq!(lines(b"a\nbc\n\nd").await, ["a", "bc", "", "d"]);
        let big = vec![b'x'; MAX_MESSAGE + 10];
        let input = [&b"a\n"[..], &big, b"\nb\n"].concat();
        assert_eq!(lines(&input).await, ["a".to_string(), format!("<{} skipped>", MAX_MESSAGE + 10), "b".into()]);
    }
}
