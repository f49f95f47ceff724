//! One client connection, served by hyper's HTTP/1.1 within the server's limits (the head's
//! size and time), or refused past the connections open at once.
//!
//! hyper reads the connection while a request's answer is being made: when the client closes
//! or resets it (or closes its writing side), hyper ends the connection and drops the request's
//! future, whose `route::Watch` then says that the client has gone. This holds wherever tokio
//! runs (Linux, macOS, Windows). A request pipelined behind the one running is left unread until
//! its turn, and while it waits the running one's client counts as there.

use super::http::Reply;
use super::route::{self, Server};
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::sync::Arc;
use tokio::net::TcpStream;

/// hyper's smallest read buffer: a head limit below it is raised to it.
const SMALLEST_HEAD_BYTES: usize = 8 << 10;

/// Serves the requests of `stream` until the client closes it, it stays silent past the read
/// timeout, or its head is over the limit (431).
pub async fn serve(stream: TcpStream, server: Arc<Server>) {
    let limits = server.api.limits;
    let mut builder = http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(limits.read_timeout)
        .max_buf_size(limits.head_bytes.max(SMALLEST_HEAD_BYTES));
    let service = service_fn(move |request| route::answer(Arc::clone(&server), request));
    // An error here is the client's (gone, silent, malformed): hyper has answered what it could.
    let _ = builder
        .serve_connection(TokioIo::new(stream), service)
        .await;
}

/// Answers a connection past the limit of connections open at once with 503 and closes it,
/// without reading its request (the write is one small, non-blocking attempt; a client that
/// has sent its request already may see the connection reset instead).
pub fn refuse(stream: TcpStream, connections: usize) {
    let reply = Reply::error(&super::http::ApiError::busy(format!(
        "busy: {connections} connections are open, the most at once"
    )));
    let head = format!(
        "HTTP/1.1 503 Service Unavailable\r\nContent-Type: {}\r\nContent-Length: {}\r\n\
         Connection: close\r\n\r\n",
        reply.content_type,
        reply.body.len()
    );
    let _ = stream.try_write(&[head.as_bytes(), &reply.body].concat());
}
