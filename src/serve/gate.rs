//! Which requests the server takes: those addressed to it by a name of this machine (the
//! `Host` check, against DNS rebinding) and, when a browser says which page sent them, sent by
//! its own page (the `Origin` check, against other pages the user has open).
//!
//! A `Host` is taken when it names `localhost`, a loopback address (`127.0.0.1`, `[::1]`), or
//! the address the server is bound to, with the server's port or none; a server bound to every
//! address (`0.0.0.0`, `::`) takes any IP address too, never another name. An `Origin`, when
//! present, must be `http://` and such a host with the server's port. A request without
//! `Origin` is no browser's cross-site write: browsers send it with every `POST` from another
//! page, and the server starts work only on `POST`.

use super::http::ApiError;
use std::net::IpAddr;

/// The names and the port a server answers to.
#[derive(Debug, Clone, Copy)]
pub struct Gate {
    /// The address the server is bound to.
    bound: IpAddr,
    /// The port it listens on.
    port: u16,
}

impl Gate {
    /// The gate of a server bound to `bound` and listening on `port`.
    pub fn new(bound: IpAddr, port: u16) -> Gate {
        Gate { bound, port }
    }

    /// Whether a request with these `Host` and `Origin` headers is taken: 421 for another host,
    /// 403 for another page's origin.
    pub fn check(&self, host: Option<&[u8]>, origin: Option<&[u8]>) -> Result<(), ApiError> {
        let host = host.map(String::from_utf8_lossy);
        match host.as_deref() {
            None => {
                return Err(ApiError::with_status(
                    421,
                    "give a Host header: this server answers to localhost and its own address",
                ))
            }
            Some(host) if !self.takes_host(host, None) => {
                return Err(ApiError::with_status(
                    421,
                    format!(
                        "Host {host:?} is not this server: use http://localhost:{}/",
                        self.port
                    ),
                ))
            }
            Some(_) => {}
        }
        let origin = origin.map(String::from_utf8_lossy);
        match origin.as_deref() {
            Some(origin) if !self.takes_origin(origin) => Err(ApiError::with_status(
                403,
                format!("requests from another page ({origin}) are refused"),
            )),
            _ => Ok(()),
        }
    }

    /// Whether `host` (`NAME` or `NAME:PORT`) names this server; without a port, `default_port`
    /// is meant (`None`: any, as in a `Host` header).
    fn takes_host(&self, host: &str, default_port: Option<u16>) -> bool {
        let (name, port) = match host.rsplit_once(':') {
            // An IPv6 address without a port: its colons are inside the brackets.
            Some((name, port)) if !port.contains(']') => (name, Some(port)),
            _ => (host, None),
        };
        let port_ours = match port.map(str::parse::<u16>) {
            Some(Ok(port)) => port == self.port,
            Some(Err(_)) => false,
            None => default_port.is_none_or(|port| port == self.port),
        };
        port_ours && self.takes_name(name)
    }

    /// Whether `name` (a host without its port) names this server.
    fn takes_name(&self, name: &str) -> bool {
        if name.eq_ignore_ascii_case("localhost") {
            return true;
        }
        let address = match name
            .strip_prefix('[')
            .and_then(|name| name.strip_suffix(']'))
        {
            Some(v6) => v6.parse::<std::net::Ipv6Addr>().map(IpAddr::V6),
            None => name.parse::<std::net::Ipv4Addr>().map(IpAddr::V4),
        };
        let Ok(address) = address else {
            return false;
        };
        let address = address.to_canonical();
        address.is_loopback() || address == self.bound.to_canonical() || self.bound.is_unspecified()
    }

    /// Whether `origin` (`SCHEME://HOST[:PORT]`) is the server's own page.
    fn takes_origin(&self, origin: &str) -> bool {
        origin
            .strip_prefix("http://")
            .is_some_and(|host| self.takes_host(host, Some(80)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn loopback() -> Gate {
        Gate::new("127.0.0.1".parse().unwrap(), 8080)
    }

    fn status(gate: Gate, host: Option<&str>, origin: Option<&str>) -> Option<u16> {
        gate.check(host.map(str::as_bytes), origin.map(str::as_bytes))
            .err()
            .map(|error| error.status)
    }

    #[test]
    fn the_names_of_this_machine_are_taken_with_the_port_or_without() {
        for host in [
            "127.0.0.1",
            "127.0.0.1:8080",
            "localhost",
            "LocalHost:8080",
            "[::1]",
            "[::1]:8080",
            "[::ffff:127.0.0.1]:8080",
        ] {
            assert_eq!(status(loopback(), Some(host), None), None, "{host}");
        }
    }

    #[test]
    fn another_name_another_port_or_no_host_is_421() {
        for host in [
            Some("evil.example"),
            Some("evil.example:8080"),
            Some("localhost.evil.example:8080"),
            Some("127.0.0.1:8081"),
            Some("127.0.0.1:"),
            Some("10.0.0.1:8080"),
            Some("[::1"),
            Some(""),
            None,
        ] {
            assert_eq!(status(loopback(), host, None), Some(421), "{host:?}");
        }
    }

    #[test]
    fn the_bound_address_is_taken_and_any_address_when_bound_to_all() {
        let bound = Gate::new("10.0.0.7".parse().unwrap(), 8080);
        assert_eq!(status(bound, Some("10.0.0.7:8080"), None), None);
        assert_eq!(status(bound, Some("10.0.0.8:8080"), None), Some(421));
        let all = Gate::new("0.0.0.0".parse().unwrap(), 8080);
        assert_eq!(status(all, Some("192.168.1.2:8080"), None), None);
        assert_eq!(status(all, Some("evil.example:8080"), None), Some(421));
    }

    #[test]
    fn only_the_pages_own_origin_is_taken() {
        for origin in [
            "http://127.0.0.1:8080",
            "http://localhost:8080",
            "http://[::1]:8080",
        ] {
            assert_eq!(
                status(loopback(), Some("127.0.0.1:8080"), Some(origin)),
                None,
                "{origin}"
            );
        }
        for origin in [
            "http://evil.example",
            "http://evil.example:8080",
            "https://127.0.0.1:8080",
            "http://127.0.0.1",
            "http://127.0.0.1:8081",
            "null",
            "",
        ] {
            assert_eq!(
                status(loopback(), Some("127.0.0.1:8080"), Some(origin)),
                Some(403),
                "{origin}"
            );
        }
        let on_80 = Gate::new("127.0.0.1".parse().unwrap(), 80);
        assert_eq!(
            status(on_80, Some("localhost"), Some("http://localhost")),
            None
        );
    }
}
