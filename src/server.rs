//! The MCP server: an rmcp `ServerHandler` over the tool registry, served on stdio or streamable HTTP.
//! Tool failures come back in-band (`isError`); the server never exits on a bad request.

use crate::session::Session;
use crate::tools::{self, Effect, ToolSpec};
use arborist_engine::progress::Progress;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, GetPromptRequestParams, GetPromptResponse,
    GetPromptResult, Implementation, ListPromptsResult, ListToolsResult, PaginatedRequestParams,
    ProgressNotificationParam, ProgressToken, Prompt, PromptMessage, Role, ServerCapabilities, ServerConfig, Tool,
    ToolAnnotations,
};
use rmcp::service::RequestContext;
use rmcp::{ErrorData as McpError, RoleServer, ServerHandler};
use serde_json::Value;
use std::sync::Arc;
use std::time::Duration;

pub mod daemon;
mod raw;
mod stdio;

const INSTRUCTIONS: &str = "arborist is a code intelligence server: it reads and edits code by symbol, \
answering from tree-sitter parse trees without a language server. Paths are relative to the project root; \
line numbers are 0-based. Prefer symbol-level reads and edits over reading whole files.";

/// The MCP face of a session.
#[derive(Clone)]
pub struct ArboristServer {
    session: Arc<Session>,
    /// This client's id: the shell commands its calls start are its own (see `shell::kill_running_of`).
    owner: u64,
    /// On a line-framed transport, the JSON answers that go out as their own text (see `raw`).
    raw: Option<Arc<raw::RawAnswers>>,
}

/// The next client's id (0 is no client).
fn next_owner() -> u64 {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
    NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

impl ArboristServer {
    pub fn new(session: Arc<Session>) -> Self {
        ArboristServer { session, owner: next_owner(), raw: None }
    }

    /// The server for another HTTP client (one per `Mcp-Session-Id`): a session of its own on the same
    /// project.
    pub fn for_new_client(&self) -> Self {
        ArboristServer { session: Arc::new(self.session.fork()), owner: next_owner(), raw: None }
    }

    /// Runs a tool call off the async runtime; every failure becomes an in-band error result. With a
    /// progress token, the client hears how far long work got (files searched or checked), twice a second
    /// while it changes.
    async fn run(&self, name: &str, args: Value, progress: Option<Reporter>) -> CallToolResult {
        let activation = self.session.activation();
        let outcome = match tools::find(name) {
            None => {
                Err(tools::error_text(name, &format!("unknown tool '{name}'; call tools/list for the available tools")))
            }
            Some(t) if !activation.is_active(t) => {
                Err(tools::error_text(name, &tools::inactive_error(&activation, name)))
            }
            Some(tool) => {
                let session = self.session.clone();
                let counters = Progress::new();
                let (scoped, owner) = (counters.clone(), self.owner);
                let call = tokio::task::spawn_blocking(move || {
                    crate::shell::with_owner(owner, || {
                        arborist_engine::progress::scoped(scoped, || tools::call(&session, tool, args))
                    })
                });
                let (finished, done) = tokio::sync::oneshot::channel::<()>();
                let reporting = progress.map(|r| tokio::spawn(r.report(counters, done)));
                let outcome =
                    call.await.unwrap_or_else(|e| Err(tools::error_text(name, &format!("internal error: {e}"))));
                let _ = finished.send(());
                if let Some(task) = reporting {
                    // its last notification goes out before the answer
                    let _ = task.await;
                }
                outcome
            }
        };
        match outcome {
            Ok(text) => {
                let output = tools::output::output_of(name);
                let structured = match &self.raw {
                    Some(raw) => tools::output::structured(output, &text, Some(&|json: &str| raw.hold(json.into()))),
                    None => tools::output::structured(output, &text, None),
                };
                let mut r = CallToolResult::success(vec![ContentBlock::text(text)]);
                r.structured_content = Some(structured);
                r
            }
            Err(text) => CallToolResult::error(vec![ContentBlock::text(text)]),
        }
    }
}

/// Sends a call's progress to the client that asked for it with a progress token.
struct Reporter {
    token: ProgressToken,
    peer: rmcp::Peer<RoleServer>,
}

impl Reporter {
    /// Every `PROGRESS_EVERY`, a notification when the counters moved, and a last one when the call is
    /// `done` (a call faster than one period reports once).
    async fn report(self, counters: Arc<Progress>, mut done: tokio::sync::oneshot::Receiver<()>) {
        let mut last = None;
        let every = std::env::var("ARBORIST_PROGRESS_MS")
            .ok()
            .and_then(|ms| ms.parse().ok())
            .map_or(PROGRESS_EVERY, Duration::from_millis);
        loop {
            let finished = tokio::select! {
                _ = tokio::time::sleep(every) => false,
                _ = &mut done => true,
            };
            let now = counters.snapshot();
            if finished && (now.done == 0 || last == Some(now)) {
                return;
            }
            if now.done == 0 || last == Some(now) {
                continue;
            }
            last = Some(now);
            let mut param = ProgressNotificationParam::new(self.token.clone(), now.done as f64)
                .with_message(format!("{} {}", now.done, now.what));
            if let Some(total) = now.total {
                param = param.with_total(total as f64);
            }
            if self.peer.notify_progress(param).await.is_err() || finished {
                return;
            }
        }
    }
}

/// How often a long call reports its progress (`ARBORIST_PROGRESS_MS` overrides it, for tests).
const PROGRESS_EVERY: Duration = Duration::from_millis(500);

/// The MCP description of one tool.
pub fn mcp_tool(spec: &ToolSpec) -> Tool {
    let read_only = spec.effect == Effect::ReadOnly;
    let annotations = ToolAnnotations::new().read_only(read_only).destructive(!read_only);
    Tool::new(spec.name, spec.description, spec.schema.clone())
        .with_annotations(annotations)
        .with_raw_output_schema(Arc::new(tools::output::schema(tools::output::output_of(spec.name))))
}

impl ServerHandler for ArboristServer {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().enable_prompts().build())
            .with_server_info(Implementation::new("arborist", env!("CARGO_PKG_VERSION")))
            .with_instructions(INSTRUCTIONS)
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, McpError> {
        let tools = tools::active(&self.session.activation()).into_iter().map(mcp_tool).collect();
        Ok(ListToolsResult::with_all_items(tools))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, McpError> {
        let args = request.arguments.map(Value::Object).unwrap_or(Value::Null);
        let progress = context.meta.get_progress_token().map(|token| Reporter { token, peer: context.peer.clone() });
        Ok(self.run(&request.name, args, progress).await.into())
    }

    fn get_tool(&self, name: &str) -> Option<Tool> {
        tools::find(name).filter(|t| self.session.activation().is_active(*t)).map(mcp_tool)
    }

    async fn list_prompts(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListPromptsResult, McpError> {
        let prompts = PROMPTS
            .iter()
            .filter_map(|name| tools::find(name))
            .map(|t| Prompt::new(t.name, Some(t.description), None))
            .collect();
        Ok(ListPromptsResult::with_all_items(prompts))
    }

    /// A workflow prompt is the answer of the tool of the same name, as a user message; it is served
    /// whether or not the tool is active (the client asked for it by name).
    async fn get_prompt(
        &self,
        request: GetPromptRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<GetPromptResponse, McpError> {
        let Some(tool) = PROMPTS.contains(&request.name.as_str()).then(|| tools::find(&request.name)).flatten() else {
            let msg = format!("unknown prompt '{}'; the prompts are: {}", request.name, PROMPTS.join(", "));
            return Err(McpError::invalid_params(msg, None));
        };
        let session = self.session.clone();
        let text = tokio::task::spawn_blocking(move || tools::call(&session, tool, Value::Null))
            .await
            .map_err(|e| McpError::internal_error(format!("internal error: {e}"), None))?
            .map_err(|e| McpError::invalid_params(e, None))?;
        let result =
            GetPromptResult::new(vec![PromptMessage::new_text(Role::User, text)]).with_description(tool.description);
        Ok(result.into())
    }
}

/// The workflow prompts: tools whose answer is an instruction, also offered as MCP prompts.
const PROMPTS: &[&str] = &[
    "initial_instructions",
    "onboarding",
    "think_about_collected_information",
    "think_about_task_adherence",
    "think_about_whether_you_are_done",
    "summarize_changes",
    "prepare_for_new_conversation",
];

/// Serves MCP on stdin/stdout until the client disconnects: once stdin closes, calls still running get
/// `STDIN_GRACE` to finish, then the server returns whatever is in flight. Lines are framed by `stdio`,
/// which answers what rmcp would drop silently (invalid JSON, an oversized message).
pub async fn serve_stdio(server: ArboristServer) -> anyhow::Result<()> {
    tokio::select! {
        served = serve_lines(server, tokio::io::stdin(), tokio::io::stdout()) => served,
        _ = terminated() => {
            tracing::info!("stopped by a signal");
            Ok(())
        }
    }
}

/// Serves one client's MCP session, a JSON-RPC message per line, on a pair of streams (stdio, or a
/// daemon's connection) until the client closes its input.
async fn serve_lines<R, W>(mut server: ArboristServer, input: R, output: W) -> anyhow::Result<()>
where
    R: tokio::io::AsyncRead + Unpin + Send + 'static,
    W: tokio::io::AsyncWrite + Unpin + Send + 'static,
{
    use rmcp::ServiceExt;
    let raw = Arc::new(raw::RawAnswers::default());
    server.raw = Some(raw.clone());
    let framed = stdio::Framed::start(input, output, raw);
    let transport = rmcp::transport::async_rw::AsyncRwTransport::new(framed.rmcp_in, framed.rmcp_out)
        .with_max_line_length(stdio::MAX_MESSAGE + 1);
    let stdin_closed = framed.stdin_closed;
    let serve = async move {
        let running = server.serve(transport).await?;
        running.waiting().await?;
        anyhow::Ok(())
    };
    tokio::select! {
        served = serve => served?,
        _ = async { stdin_closed.notified().await; tokio::time::sleep(STDIN_GRACE).await } => {
            tracing::info!("input closed; calls still running after {STDIN_GRACE:?} are abandoned");
        }
    }
    // answers already produced reach the client
    let _ = tokio::time::timeout(Duration::from_millis(100), framed.output).await;
    Ok(())
}

/// Waits for Ctrl-C or SIGTERM.
async fn terminated() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => tokio::select! {
                _ = tokio::signal::ctrl_c() => {}
                _ = term.recv() => {}
            },
            Err(_) => {
                let _ = tokio::signal::ctrl_c().await;
            }
        }
    }
    #[cfg(not(unix))]
    let _ = tokio::signal::ctrl_c().await;
}

/// How long calls still running may finish after the client closed stdin.
const STDIN_GRACE: Duration = Duration::from_millis(300);

/// Serves MCP over streamable HTTP on 127.0.0.1:`port` at `/mcp` until Ctrl-C or SIGTERM.
pub async fn serve_http(server: ArboristServer, port: u16) -> anyhow::Result<()> {
    use rmcp::transport::streamable_http_server::{
        StreamableHttpServerConfig, StreamableHttpService, session::local::LocalSessionManager,
    };
    let config = StreamableHttpServerConfig::default();
    let ct = config.cancellation_token.clone();
    let service: StreamableHttpService<ArboristServer, LocalSessionManager> =
        StreamableHttpService::new(move || Ok(server.for_new_client()), Default::default(), config);
    let router = axum::Router::new().nest_service("/mcp", service);
    let listener = tokio::net::TcpListener::bind(("127.0.0.1", port)).await?;
    tracing::info!("serving MCP over streamable HTTP on http://{}/mcp", listener.local_addr()?);
    // answers are small writes: without TCP_NODELAY each waited ~40 ms for the client's delayed ACK
    use axum::serve::ListenerExt;
    let listener = listener.tap_io(|tcp| {
        let _ = tcp.set_nodelay(true);
    });
    axum::serve(listener, router)
        .with_graceful_shutdown(async move {
            terminated().await;
            // running shell commands first: the calls waiting on them then end at once
            crate::shell::kill_all_running();
            ct.cancel();
        })
        .await?;
    Ok(())
}
