//! HTTP plumbing: reading a request body within its limit, and writing JSON, errors and the
//! page's files as responses.

use std::io::Read;
use tiny_http::{Header, Request, Response, StatusCode};

/// A request that cannot be answered as asked: the HTTP status and the message of its JSON
/// body `{"error": MESSAGE}`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    /// The HTTP status.
    pub status: u16,
    /// The message, one line.
    pub message: String,
}

impl ApiError {
    /// 400: malformed JSON, a bad board or a bad field.
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::with_status(400, message)
    }

    /// 422: a well-formed problem that is not well posed (a blocked start, say).
    pub fn unprocessable(message: impl Into<String>) -> ApiError {
        ApiError::with_status(422, message)
    }

    /// 503: every slot is taken.
    pub fn busy(message: impl Into<String>) -> ApiError {
        ApiError::with_status(503, message)
    }

    /// 500: a bug in toursat (an engine's tour failed verification, say).
    pub fn internal(message: impl Into<String>) -> ApiError {
        ApiError::with_status(500, message)
    }

    /// An error with its own status.
    pub fn with_status(status: u16, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: message.into(),
        }
    }
}

/// A response ready to send: status, content type and body.
pub struct Reply {
    /// The HTTP status.
    pub status: u16,
    /// The `Content-Type`.
    pub content_type: &'static str,
    /// The body.
    pub body: Vec<u8>,
}

impl Reply {
    /// A JSON body with status 200 (the body ends with a newline, as the CLI's documents do).
    pub fn json(body: Vec<u8>) -> Reply {
        Reply {
            status: 200,
            content_type: "application/json",
            body,
        }
    }

    /// A JSON value with status 200.
    pub fn value(value: &serde_json::Value) -> Reply {
        let mut body = value.to_string().into_bytes();
        body.push(b'\n');
        Reply::json(body)
    }

    /// The error's JSON body `{"error": MESSAGE}` with its status.
    pub fn error(error: &ApiError) -> Reply {
        Reply {
            status: error.status,
            ..Reply::value(&serde_json::json!({ "error": error.message }))
        }
    }
}

/// The body of `request`, at most `limit` bytes (status 413 past it, before reading it when
/// the request says its length).
pub fn read_body(request: &mut Request, limit: usize) -> Result<Vec<u8>, ApiError> {
    let too_large = || {
        ApiError::with_status(
            413,
            format!("the request body is over the limit of {limit} bytes"),
        )
    };
    if request.body_length().is_some_and(|length| length > limit) {
        return Err(too_large());
    }
    let mut body = Vec::new();
    request
        .as_reader()
        .take(limit as u64 + 1)
        .read_to_end(&mut body)
        .map_err(|error| ApiError::bad_request(format!("reading the request body: {error}")))?;
    if body.len() > limit {
        return Err(too_large());
    }
    Ok(body)
}

/// Sends `reply` to `request`; a client gone already is no error of the server's.
pub fn send(request: Request, reply: Reply) {
    let headers = [
        ("Content-Type", reply.content_type),
        ("Cache-Control", "no-store"),
        ("X-Content-Type-Options", "nosniff"),
    ];
    let mut response = Response::from_data(reply.body).with_status_code(StatusCode(reply.status));
    for (name, value) in headers {
        if let Ok(header) = Header::from_bytes(name.as_bytes(), value.as_bytes()) {
            response.add_header(header);
        }
    }
    let _ = request.respond(response);
}
