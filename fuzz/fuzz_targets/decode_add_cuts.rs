//! Fuzz target: `--add-cuts-to`'s path (`check_formula`, then `append_clauses`) never panics,
//! appends only to the formula toursat writes for the problem, and what it writes passes the
//! check again with the cuts counted.
#![no_main]

#[path = "decode_common.rs"]
mod decode_common;

use libfuzzer_sys::fuzz_target;
use toursat::engine::sat::exchange::identity::{append_clauses, check_formula};
use toursat::engine::sat::exchange::model::Decoder;
use varisat::Lit;

fuzz_target!(|data: &[u8]| {
    let Some((&pick, text)) = data.split_first() else {
        return;
    };
    let (problem, encoding) = decode_common::problem(pick);
    let decoder = Decoder::new(&problem, encoding).unwrap();
    let expected = decoder.expected();
    let Ok(checked) = check_formula(text, &expected) else {
        return;
    };
    let genuine = decode_common::genuine(&problem, encoding);
    assert_eq!(
        decode_common::clauses(text),
        decode_common::clauses(&genuine),
        "a changed formula accepted"
    );
    let Ok(text) = std::str::from_utf8(text) else {
        panic!("a formula that is not UTF-8 accepted");
    };
    let cuts = vec![vec![Lit::from_dimacs(1), Lit::from_dimacs(2)]];
    let appended = append_clauses(text, &checked, &cuts);
    let again = check_formula(appended.as_bytes(), &expected).expect("the appended formula checks");
    assert_eq!(again.identity.clauses, checked.identity.clauses + 1);
});
