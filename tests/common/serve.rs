//! A `toursat serve` child on a free loopback port, and a small blocking HTTP/1.1 client.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::{Child, ChildStdout, Command, Stdio};
use std::time::Duration;

/// How long a request may take before the client gives up.
const CLIENT_TIMEOUT: Duration = Duration::from_secs(60);

/// A running `toursat serve`, killed when dropped.
pub struct Served {
    /// The child process.
    pub child: Child,
    /// The address it printed.
    pub address: SocketAddr,
    /// Its standard output past the address line.
    pub stdout: BufReader<ChildStdout>,
    /// The line that says where it listens.
    pub banner: String,
}

impl Served {
    /// Starts `toursat serve --port 0` with `args` and reads the address it prints.
    pub fn start(args: &[&str]) -> Served {
        let mut child = Command::new(env!("CARGO_BIN_EXE_toursat"))
            .args(["serve", "--port", "0"])
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("toursat serve starts");
        let mut line = String::new();
        let mut stdout = BufReader::new(child.stdout.take().expect("piped stdout"));
        stdout.read_line(&mut line).expect("the address line");
        let url = line
            .split_whitespace()
            .find(|word| word.starts_with("http://"))
            .unwrap_or_else(|| panic!("no address in {line:?}"));
        let address = url
            .trim_start_matches("http://")
            .trim_end_matches('/')
            .parse()
            .unwrap_or_else(|error| panic!("{url}: {error}"));
        Served {
            child,
            address,
            stdout,
            banner: line,
        }
    }

    /// Waits (at most a minute) until the server says (`GET /api/status`) that it has `wanted`
    /// workers running, and returns the process ids of its children.
    pub fn wait_for_workers(&self, wanted: usize) -> Vec<u32> {
        for _ in 0..6000 {
            let status = request(self.address, "GET", "/api/status", None).expect("an answer");
            if status.json()["workers"] == serde_json::json!(wanted) {
                return self.workers();
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        panic!("the server never had {wanted} workers running");
    }

    /// The process ids of the server's children (its workers), from /proc.
    pub fn workers(&self) -> Vec<u32> {
        children_of(self.child.id())
    }

    /// The server's resident memory (VmRSS of /proc/PID/status), in KiB.
    pub fn resident_kib(&self) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id()))
            .expect("/proc/PID/status");
        let line = status
            .lines()
            .find(|line| line.starts_with("VmRSS:"))
            .expect("a VmRSS line");
        line.split_whitespace().nth(1).unwrap().parse().unwrap()
    }
}

/// The process ids whose parent is `parent`, from /proc/PID/stat.
pub fn children_of(parent: u32) -> Vec<u32> {
    let entries = std::fs::read_dir("/proc").expect("/proc");
    entries
        .filter_map(|entry| entry.ok()?.file_name().to_str()?.parse::<u32>().ok())
        .filter(|pid| {
            // The fields after the name in parentheses: state, then the parent's id.
            std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|stat| {
                stat.rsplit_once(')')
                    .and_then(|(_, rest)| rest.split_whitespace().nth(1)?.parse::<u32>().ok())
                    == Some(parent)
            })
        })
        .collect()
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// An HTTP response: the status and the body.
#[derive(Debug, Clone)]
pub struct Response {
    /// The status code.
    pub status: u16,
    /// The status line and headers, in lower case.
    pub head: String,
    /// The body (chunked bodies decoded).
    pub body: Vec<u8>,
}

impl Response {
    /// The body as text.
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }

    /// The value of the header `name` (in lower case), when it has one.
    pub fn header(&self, name: &str) -> Option<String> {
        self.head.lines().find_map(|line| {
            let (key, value) = line.split_once(':')?;
            (key.trim() == name).then(|| value.trim().to_string())
        })
    }

    /// The body as JSON.
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|error| panic!("{error}: {}", self.text()))
    }
}

/// Sends one request (`Connection: close`, `Host` the server's address) and reads the whole
/// response; a body is sent as JSON. Errors are the transport's.
pub fn request(
    address: SocketAddr,
    method: &str,
    path: &str,
    body: Option<&[u8]>,
) -> std::io::Result<Response> {
    request_with(
        address,
        method,
        path,
        &[("Host", &address.to_string())],
        body,
    )
}

/// Sends one request (`Connection: close`) with these `headers` and reads the whole response;
/// a body is sent as JSON unless `headers` give its `Content-Type`. Errors are the transport's.
pub fn request_with(
    address: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: Option<&[u8]>,
) -> std::io::Result<Response> {
    let mut stream = TcpStream::connect_timeout(&address, CLIENT_TIMEOUT)?;
    stream.set_read_timeout(Some(CLIENT_TIMEOUT))?;
    stream.set_write_timeout(Some(CLIENT_TIMEOUT))?;
    let mut head = format!("{method} {path} HTTP/1.1\r\nConnection: close\r\n");
    for (name, value) in headers {
        head += &format!("{name}: {value}\r\n");
    }
    if let Some(body) = body {
        if !headers
            .iter()
            .any(|(name, _)| name.eq_ignore_ascii_case("content-type"))
        {
            head += "Content-Type: application/json\r\n";
        }
        head += &format!("Content-Length: {}\r\n", body.len());
    }
    head += "\r\n";
    // A server that refuses a head or a body may answer and close before reading it all: its
    // answer is read anyway, and the write's error given only when there is none to read.
    let sent = stream.write_all(head.as_bytes());
    if let (Ok(()), Some(body)) = (&sent, body) {
        let _ = stream.write_all(body);
    }
    read_response(&mut stream).or_else(|error| sent.and(Err(error)))
}

/// Reads one HTTP/1.1 response: to the end of its `Content-Length`, of its last chunk, or of
/// the connection.
pub fn read_response(stream: &mut TcpStream) -> std::io::Result<Response> {
    let invalid =
        |what: &str| std::io::Error::new(std::io::ErrorKind::InvalidData, what.to_string());
    let mut raw = Vec::new();
    let mut buffer = [0u8; 64 * 1024];
    let end = loop {
        if let Some(end) = raw.windows(4).position(|window| window == b"\r\n\r\n") {
            break end;
        }
        let read = stream.read(&mut buffer)?;
        if read == 0 {
            return Err(invalid("the connection closed before the headers ended"));
        }
        raw.extend_from_slice(&buffer[..read]);
    };
    let head = String::from_utf8_lossy(&raw[..end]).to_ascii_lowercase();
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|code| code.parse().ok())
        .ok_or_else(|| invalid("no status"))?;
    let header = |name: &str| {
        head.lines().find_map(|line| {
            line.strip_prefix(name)
                .map(|value| value.trim().to_string())
        })
    };
    let length: Option<usize> = header("content-length:").and_then(|value| value.parse().ok());
    let chunked = header("transfer-encoding:").is_some_and(|value| value.contains("chunked"));
    let mut body = raw[end + 4..].to_vec();
    loop {
        let complete = match length {
            Some(length) => body.len() >= length,
            None if chunked => body.ends_with(b"0\r\n\r\n"),
            None => false,
        };
        if complete {
            break;
        }
        let read = stream.read(&mut buffer)?;
        if read == 0 {
            break;
        }
        body.extend_from_slice(&buffer[..read]);
    }
    if let Some(length) = length {
        body.truncate(length);
    } else if chunked {
        body = dechunk(&body).ok_or_else(|| invalid("a bad chunked body"))?;
    }
    Ok(Response { status, head, body })
}

/// Decodes a chunked body.
fn dechunk(mut raw: &[u8]) -> Option<Vec<u8>> {
    let mut body = Vec::new();
    loop {
        let line_end = raw.windows(2).position(|window| window == b"\r\n")?;
        let size_text = String::from_utf8_lossy(&raw[..line_end]).into_owned();
        let size = usize::from_str_radix(size_text.split(';').next()?.trim(), 16).ok()?;
        raw = &raw[line_end + 2..];
        if size == 0 {
            return Some(body);
        }
        body.extend_from_slice(raw.get(..size)?);
        raw = raw.get(size + 2..)?;
    }
}
