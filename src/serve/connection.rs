//! A request's TCP connection watched while its work runs: the client has gone when the
//! connection has left the ESTABLISHED state (the client closed or reset it).
//!
//! `tiny_http` hands the server no socket, so the connection is found among the process's
//! descriptors by the client's address and the server's port, and a duplicate of it is kept
//! (close-on-exec, so that no worker inherits it). Its state is read with `TCP_INFO`, which
//! reads no byte: a request pipelined behind this one stays for `tiny_http` to read, and
//! `tiny_http`'s own shutdown of its reading side (it does so once it expects no further
//! request on the connection) leaves the state ESTABLISHED. A client that shuts down its
//! writing side after its request (a half-close) moves the state to CLOSE_WAIT and counts as
//! gone. Elsewhere than on Linux no connection is found, and a request runs to its time limit.

use std::net::{SocketAddr, TcpStream};

/// A duplicate of a request's connection to the server.
#[derive(Debug)]
pub struct Connection {
    /// The socket, a descriptor of the server's own.
    socket: TcpStream,
}

impl Connection {
    /// The connection from `peer` to the server's port `local_port`, when exactly one socket of
    /// this process is it.
    #[cfg(target_os = "linux")]
    pub fn of(local_port: u16, peer: SocketAddr) -> Option<Connection> {
        use std::os::unix::fs::MetadataExt;
        let mut found: Vec<(u64, TcpStream)> = Vec::new();
        for entry in std::fs::read_dir("/proc/self/fd").ok()?.flatten() {
            let is_socket = std::fs::read_link(entry.path())
                .is_ok_and(|target| target.to_string_lossy().starts_with("socket:"));
            let number = entry
                .file_name()
                .to_str()
                .and_then(|name| name.parse().ok());
            // The duplicate, not the number, is checked: the number may be reused meanwhile.
            let Some(socket) = number.filter(|_| is_socket).and_then(duplicate) else {
                continue;
            };
            let ours = socket.peer_addr().is_ok_and(|address| address == peer)
                && socket
                    .local_addr()
                    .is_ok_and(|address| address.port() == local_port);
            let inode = std::fs::metadata(format!("/proc/self/fd/{}", raw(&socket)))
                .map(|metadata| metadata.ino());
            if let (true, Ok(inode)) = (ours, inode) {
                found.push((inode, socket));
            }
        }
        // tiny_http reads and writes through two descriptors of one socket.
        found.sort_by_key(|(inode, _)| *inode);
        found.dedup_by_key(|(inode, _)| *inode);
        match found.len() {
            1 => found.pop().map(|(_, socket)| Connection { socket }),
            _ => None,
        }
    }

    /// No connection is found elsewhere than on Linux.
    #[cfg(not(target_os = "linux"))]
    pub fn of(_local_port: u16, _peer: SocketAddr) -> Option<Connection> {
        None
    }

    /// Whether the client has closed or reset the connection (its state is no longer
    /// ESTABLISHED); `false` when the state cannot be read.
    #[cfg(target_os = "linux")]
    pub fn closed_by_client(&self) -> bool {
        /// `TCP_ESTABLISHED` of Linux's `tcp_states.h`.
        const ESTABLISHED: u8 = 1;
        // SAFETY: an all-zero tcp_info is valid (plain integers).
        let mut info: libc::tcp_info = unsafe { std::mem::zeroed() };
        let mut length = std::mem::size_of::<libc::tcp_info>() as libc::socklen_t;
        // SAFETY: the descriptor is our own, open, and `info` has `length` bytes.
        let read = unsafe {
            libc::getsockopt(
                raw(&self.socket),
                libc::IPPROTO_TCP,
                libc::TCP_INFO,
                (&mut info as *mut libc::tcp_info).cast(),
                &mut length,
            )
        };
        read == 0 && length >= 1 && info.tcpi_state != ESTABLISHED
    }

    /// Never known elsewhere than on Linux.
    #[cfg(not(target_os = "linux"))]
    pub fn closed_by_client(&self) -> bool {
        false
    }
}

/// The descriptor of `socket`.
#[cfg(target_os = "linux")]
fn raw(socket: &TcpStream) -> std::os::fd::RawFd {
    std::os::fd::AsRawFd::as_raw_fd(socket)
}

/// A close-on-exec duplicate of the descriptor `number`, as a socket (whether it is one is for
/// the caller to check); `None` when it is closed.
#[cfg(target_os = "linux")]
fn duplicate(number: std::os::fd::RawFd) -> Option<TcpStream> {
    use std::os::fd::{FromRawFd, OwnedFd};
    // SAFETY: F_DUPFD_CLOEXEC reads no memory; on success the new descriptor is ours alone.
    let copy = unsafe { libc::fcntl(number, libc::F_DUPFD_CLOEXEC, 0) };
    // SAFETY: `copy` is a descriptor just opened for us and owned by nothing else.
    (copy >= 0).then(|| TcpStream::from(unsafe { OwnedFd::from_raw_fd(copy) }))
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;
    use std::net::{Shutdown, TcpListener};
    use std::thread;
    use std::time::Duration;

    /// A client connected to a listener on loopback, and the server's end of it.
    fn connected() -> (TcpListener, TcpStream, TcpStream) {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let client = TcpStream::connect(listener.local_addr().unwrap()).unwrap();
        let (server_end, _) = listener.accept().unwrap();
        (listener, client, server_end)
    }

    /// Whether `connection` says its client has gone within a few seconds.
    fn gone_within_seconds(connection: &Connection) -> bool {
        (0..500).any(|_| {
            thread::sleep(Duration::from_millis(10));
            connection.closed_by_client()
        })
    }

    #[test]
    fn a_connection_whose_client_closes_it_is_closed_by_the_client() {
        let (listener, client, server_end) = connected();
        let port = listener.local_addr().unwrap().port();
        let connection = Connection::of(port, client.local_addr().unwrap()).expect("found");
        // The server's own shutdown of its reading side (as tiny_http does) is not the client.
        server_end.shutdown(Shutdown::Read).unwrap();
        assert!(!connection.closed_by_client());
        drop(client);
        assert!(gone_within_seconds(&connection));
    }

    #[test]
    fn a_half_close_counts_as_gone() {
        let (listener, client, _server_end) = connected();
        let port = listener.local_addr().unwrap().port();
        let connection = Connection::of(port, client.local_addr().unwrap()).expect("found");
        client.shutdown(Shutdown::Write).unwrap();
        assert!(gone_within_seconds(&connection));
    }

    #[test]
    fn no_connection_is_found_for_another_peer_or_port() {
        let (listener, client, _server_end) = connected();
        let port = listener.local_addr().unwrap().port();
        let mut elsewhere = client.local_addr().unwrap();
        elsewhere.set_port(elsewhere.port().wrapping_add(1));
        assert!(Connection::of(port, elsewhere).is_none());
        assert!(Connection::of(port.wrapping_add(1), client.local_addr().unwrap()).is_none());
    }
}
