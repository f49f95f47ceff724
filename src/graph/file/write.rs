//! Writing a graph as TSPLIB HCP or as DIMACS, 1-based, in the form the readers take back.

use std::fmt::Write;

/// The graph over `0..vertex_count` with `edges` (0-based) as a TSPLIB HCP file: `NAME`, one
/// `COMMENT` line per line of `comment`, `TYPE : HCP`, `DIMENSION`, an `EDGE_LIST` section
/// closed by `-1`, then `EOF`.
pub fn write_hcp(
    name: &str,
    comment: Option<&str>,
    vertex_count: usize,
    edges: &[(u32, u32)],
) -> String {
    let mut text = String::with_capacity(96 + edges.len() * 12);
    push_line(&mut text, format_args!("NAME : {}", one_line(name)));
    for comment_line in comment.into_iter().flat_map(str::lines) {
        push_line(&mut text, format_args!("COMMENT : {comment_line}"));
    }
    push_line(&mut text, format_args!("TYPE : HCP"));
    push_line(&mut text, format_args!("DIMENSION : {vertex_count}"));
    push_line(&mut text, format_args!("EDGE_DATA_FORMAT : EDGE_LIST"));
    push_line(&mut text, format_args!("EDGE_DATA_SECTION"));
    for &(a, b) in edges {
        push_line(&mut text, format_args!("{} {}", a as u64 + 1, b as u64 + 1));
    }
    text.push_str("-1\nEOF\n");
    text
}

/// The graph over `0..vertex_count` with `edges` (0-based) as DIMACS: a `c` line per line of
/// `comment`, `p edge N M`, then an `e U V` line per edge.
pub fn write_dimacs(comment: Option<&str>, vertex_count: usize, edges: &[(u32, u32)]) -> String {
    let mut text = String::with_capacity(64 + edges.len() * 14);
    for comment_line in comment.into_iter().flat_map(str::lines) {
        push_line(&mut text, format_args!("c {comment_line}"));
    }
    push_line(
        &mut text,
        format_args!("p edge {vertex_count} {}", edges.len()),
    );
    for &(a, b) in edges {
        push_line(
            &mut text,
            format_args!("e {} {}", a as u64 + 1, b as u64 + 1),
        );
    }
    text
}

/// `text` with line breaks turned to spaces, for a header value.
pub(super) fn one_line(text: &str) -> String {
    text.replace(['\r', '\n'], " ")
}

/// Appends `line` and a newline to `text`.
pub(super) fn push_line(text: &mut String, line: std::fmt::Arguments<'_>) {
    text.write_fmt(line)
        .expect("writing to a String cannot fail");
    text.push('\n');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hcp_is_1_based_and_closed_by_minus_one_then_eof() {
        assert_eq!(
            write_hcp("path", Some("two\nlines"), 3, &[(0, 1), (1, 2)]),
            "NAME : path\nCOMMENT : two\nCOMMENT : lines\nTYPE : HCP\nDIMENSION : 3\n\
             EDGE_DATA_FORMAT : EDGE_LIST\nEDGE_DATA_SECTION\n1 2\n2 3\n-1\nEOF\n"
        );
    }

    #[test]
    fn hcp_name_stays_on_one_line() {
        assert!(write_hcp("a\nb", None, 1, &[]).starts_with("NAME : a b\nTYPE"));
    }

    #[test]
    fn dimacs_has_comment_lines_a_p_line_and_e_lines() {
        assert_eq!(
            write_dimacs(Some("path"), 3, &[(0, 1), (1, 2)]),
            "c path\np edge 3 2\ne 1 2\ne 2 3\n"
        );
        assert_eq!(write_dimacs(None, 1, &[]), "p edge 1 0\n");
    }
}
