//! The page's files, embedded in the binary: the only files the server serves.

/// The page's HTML.
const INDEX: &str = include_str!("page/index.html");
/// The page's script.
const SCRIPT: &str = include_str!("page/app.js");
/// The page's style sheet.
const STYLE: &str = include_str!("page/style.css");

/// The embedded file at `path` (the path of a request, without its query) and its content
/// type; `None` for any other path. No path reaches the file system.
pub fn asset(path: &str) -> Option<(&'static str, &'static str)> {
    match path {
        "/" | "/index.html" => Some(("text/html; charset=utf-8", INDEX)),
        "/app.js" => Some(("text/javascript; charset=utf-8", SCRIPT)),
        "/style.css" => Some(("text/css; charset=utf-8", STYLE)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::asset;

    #[test]
    fn only_the_embedded_files_are_served() {
        assert!(asset("/").unwrap().1.contains("app.js"));
        assert!(asset("/app.js").is_some());
        for path in [
            "/../Cargo.toml",
            "/src/lib.rs",
            "//etc/passwd",
            "/app.js/",
            "",
        ] {
            assert_eq!(asset(path), None, "{path}");
        }
    }
}
