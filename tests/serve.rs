//! `toursat serve` over loopback: the API answers as the command line does, every error is a
//! JSON body with its status, a bounded load leaves the server up with its memory flat, other
//! hosts and pages are refused, and slow or flooding clients neither hang it nor grow it.

mod common;

use common::serve::{read_response, request, request_with, Response, Served};
use common::{toursat, HARD_PUZZLE};
use serde_json::{json, Value};
use std::io::Write;
use std::net::{Shutdown, SocketAddr, TcpStream};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::thread;
use std::time::Duration;
use toursat::core::board::puzzlink;
use toursat::deduce;
use toursat::{verify, Board, Piece, Problem, Tour, TourShape};

fn post(address: SocketAddr, path: &str, body: &Value) -> Response {
    request(address, "POST", path, Some(body.to_string().as_bytes())).expect("an answer")
}

/// The document without its statistics (their times differ from run to run).
fn without_statistics(mut document: Value) -> Value {
    document["statistics"] = Value::Null;
    document
}

/// The squares of a JSON tour `[[x, y], ...]` on `board`.
fn tour_of(board: &Board, tour: &Value) -> Tour {
    let squares = tour.as_array().expect("a tour").iter().map(|xy| {
        let x = xy[0].as_u64().unwrap() as u32;
        let y = xy[1].as_u64().unwrap() as u32;
        board.square(x, y)
    });
    Tour::new(squares.collect())
}

#[test]
fn solve_answers_the_document_of_solve_format_json() {
    let served = Served::start(&[]);
    let cases: [(Value, &[&str]); 3] = [
        (
            json!({"rows": 6, "cols": 6, "piece": "knight", "tour": "closed"}),
            &[
                "--rows", "6", "--cols", "6", "--piece", "knight", "--tour", "closed",
            ],
        ),
        (
            json!({"rows": 4, "cols": 4, "blocked": [[1, 2], [3, 0]], "piece": "rook"}),
            &[
                "--rows",
                "4",
                "--cols",
                "4",
                "--blocked",
                "1,2 3,0",
                "--piece",
                "rook",
                "--tour",
                "closed",
            ],
        ),
        (
            json!({"rows": 5, "cols": 6, "piece": "knight", "tour": "open", "start": "D1"}),
            &[
                "--rows", "5", "--cols", "6", "--piece", "knight", "--tour", "open", "--start",
                "D1",
            ],
        ),
    ];
    for (body, flags) in cases {
        let answer = post(served.address, "/api/solve", &body);
        assert_eq!(answer.status, 200, "{}", answer.text());
        let cli = toursat(&[&["solve", "--format", "json"], flags].concat(), "");
        let cli: Value = serde_json::from_str(&cli.stdout).expect("the CLI's JSON");
        assert_eq!(
            without_statistics(answer.json()),
            without_statistics(cli),
            "{body}"
        );
    }
}

#[test]
fn a_tour_from_the_api_passes_the_verifier() {
    let served = Served::start(&[]);
    let body = json!({"rows": 8, "cols": 8, "blocked": [[3, 3], [4, 4]], "piece": "king", "tour": "open", "start": [0, 0], "end": [7, 7]});
    let document = post(served.address, "/api/solve", &body).json();
    assert_eq!(document["answer"], "found");
    let mut board = Board::new(8, 8).unwrap();
    board.block(board.square(3, 3));
    board.block(board.square(4, 4));
    let problem = Problem::new(board.clone(), Piece::King, TourShape::Open)
        .with_start(0)
        .with_end(board.square(7, 7));
    verify(&problem, &tour_of(&board, &document["tour"])).unwrap();
}

#[test]
fn count_says_whether_the_tour_is_unique_and_shows_a_second_one() {
    let served = Served::start(&[]);
    // The judge's fourth rook-circuit board: its circuit is unique up to direction.
    let unique = json!({"rows": 4, "cols": 4, "blocked": [[0, 3], [2, 2]], "piece": "rook", "tour": "closed"});
    let document = post(served.address, "/api/count", &unique).json();
    assert_eq!(
        (&document["tours"], &document["unique"]),
        (&json!("1"), &json!(true))
    );
    assert_eq!(document["distinct"].as_array().unwrap().len(), 1);
    let empty = json!({"rows": 4, "cols": 4, "piece": "rook", "tour": "closed"});
    let document = post(served.address, "/api/count", &empty).json();
    assert_eq!(
        (&document["tours"], &document["unique"]),
        (&json!("6"), &json!(false))
    );
    let board = Board::new(4, 4).unwrap();
    let problem = Problem::new(board.clone(), Piece::Rook, TourShape::Closed);
    let tours = document["distinct"].as_array().unwrap();
    assert_eq!(tours.len(), 2);
    for tour in tours {
        verify(&problem, &tour_of(&board, tour)).unwrap();
    }
    assert_ne!(tours[0], tours[1]);
}

#[test]
fn board_reads_a_board_file_as_the_commands_do() {
    let served = Served::start(&[]);
    let answer = post(
        served.address,
        "/api/board",
        &json!({"text": "S..\n.X.\n..E\n"}),
    );
    assert_eq!(
        answer.json(),
        json!({"rows": 3, "cols": 3, "blocked": [[1, 1]], "start": [0, 0], "end": [2, 2], "text": "S..\n.X.\n..E\n"})
    );
    let bad = post(served.address, "/api/board", &json!({"text": "..\n.Q\n"}));
    assert_eq!(bad.status, 400);
    assert!(
        bad.json()["error"].as_str().unwrap().contains("line 2"),
        "{}",
        bad.text()
    );
}

#[test]
fn errors_are_json_with_their_status() {
    let served = Served::start(&["--max-body", "1000", "--max-squares", "10000"]);
    let address = served.address;
    let cases: Vec<(Response, u16, &str)> = vec![
        (
            request(address, "POST", "/api/solve", Some(b"{\"rows\": 4,")).unwrap(),
            400,
            "line 1 column",
        ),
        (
            post(
                address,
                "/api/solve",
                &json!({"rows": 4, "cols": 4, "piece": "bishop"}),
            ),
            400,
            "piece",
        ),
        (
            post(
                address,
                "/api/solve",
                &json!({"rows": 4, "cols": 4, "piece": "rook", "blocked": [[9, 9]]}),
            ),
            400,
            "blocked[0]",
        ),
        (
            post(
                address,
                "/api/solve",
                &json!({"rows": 101, "cols": 100, "piece": "rook"}),
            ),
            400,
            "10000",
        ),
        (
            post(
                address,
                "/api/solve",
                &json!({"rows": 4, "cols": 4, "piece": "rook", "start": [0, 0], "blocked": [[0, 0]]}),
            ),
            422,
            "blocked",
        ),
        (
            request(address, "POST", "/api/solve", Some(&[b' '; 5000])).unwrap(),
            413,
            "1000 bytes",
        ),
        (
            request(address, "GET", "/api/solve", None).unwrap(),
            405,
            "POST",
        ),
        (
            request(address, "GET", "/api/nothing", None).unwrap(),
            404,
            "/api/nothing",
        ),
        (
            request(address, "GET", "/../Cargo.toml", None).unwrap(),
            404,
            "no page",
        ),
    ];
    for (answer, status, says) in cases {
        assert_eq!(answer.status, status, "{}", answer.text());
        let message = answer.json()["error"].as_str().unwrap().to_string();
        assert!(message.contains(says), "{message:?} should say {says:?}");
    }
    let page = request(address, "GET", "/", None).unwrap();
    assert_eq!(page.status, 200);
    assert!(page.text().contains("<canvas"));
}

#[test]
fn hint_answers_a_puzzles_verdict_grade_and_steps_as_unique_and_hint_do() {
    let served = Served::start(&[]);
    let board: Board = HARD_PUZZLE.parse().unwrap();
    let url = puzzlink::url(&board);
    let answer = post(served.address, "/api/hint", &json!({ "text": url }));
    assert_eq!(answer.status, 200, "{}", answer.text());
    let document = answer.json();
    assert_eq!(document["url"], json!(url));
    assert_eq!(document["board"]["text"], json!(HARD_PUZZLE));
    // The grade is the library's, and hard: some step is of level hard.
    let grade = deduce::grade(&board);
    assert_eq!(grade, deduce::Grade::Hard);
    assert_eq!(document["path"]["grade"], json!(grade.name()));
    assert_eq!(document["verdict"]["grade"], json!(grade.name()));
    let steps = document["path"]["steps"].as_array().unwrap();
    assert!(steps.iter().any(|step| step["rule"] == "colour-count"));
    // The path is hint's, every step; the verdict is unique's, and so are its words.
    let hint = toursat(&["hint", &url, "--all", "--format", "json"], "");
    let hint: Value = serde_json::from_str(&hint.stdout).expect("hint's JSON");
    assert_eq!(document["path"], hint);
    assert_eq!(steps.len(), hint["step_count"].as_u64().unwrap() as usize);
    let unique_flags = ["unique", &url, "--piece", "rook", "--tour", "closed"];
    let unique = toursat(&[&unique_flags[..], &["--format", "json"]].concat(), "");
    let unique: Value = serde_json::from_str(&unique.stdout).expect("unique's JSON");
    assert_eq!(document["verdict"], unique);
    let words = toursat(&unique_flags, "");
    assert_eq!(
        document["verdict_words"].as_str(),
        words.stdout.lines().next()
    );
    // The loop the steps draw is the verdict's, and a tour.
    let problem = Problem::new(board.clone(), Piece::Rook, TourShape::Closed);
    let drawn = tour_of(&board, &document["path"]["tour"]);
    verify(&problem, &drawn).expect("the steps draw a loop");
}

#[test]
fn hint_says_when_a_board_has_several_loops_or_none() {
    let served = Served::start(&[]);
    let ask = |text: &str| {
        let answer = post(served.address, "/api/hint", &json!({ "text": text }));
        assert_eq!(answer.status, 200, "{}", answer.text());
        answer.json()
    };
    let several = ask("......\n......\n......\n..XX..\n");
    assert_eq!(several["verdict"]["answer"], "not unique");
    assert_eq!(several["verdict"]["tours"].as_array().unwrap().len(), 2);
    assert!(several["verdict"].get("grade").is_none(), "{several}");
    assert_eq!(several["path"]["grade"], "needs-trial");
    assert_eq!(several["path"]["end"], "stuck");
    let words = several["verdict_words"].as_str().unwrap();
    assert!(
        words.starts_with("not unique: two tours differ in "),
        "{words}"
    );
    let none = ask("https://puzz.link/p?simpleloop/3/2/o0");
    assert_eq!(none["verdict"]["answer"], "no tour");
    assert_eq!(none["path"]["grade"], "no-loop");
    let words = none["verdict_words"].as_str().unwrap();
    assert!(words.starts_with("no tour: "), "{words}");
}

#[test]
fn hint_refuses_bad_and_oversize_puzzles_with_a_clear_message() {
    let served = Served::start(&["--max-body", "20000"]);
    let address = served.address;
    let too_large = format!("{}\n", ".".repeat(101)).repeat(100);
    let cases: Vec<(Response, u16, &str)> = vec![
        (
            post(address, "/api/hint", &json!({ "text": too_large })),
            400,
            "at most 100 x 100",
        ),
        (
            post(
                address,
                "/api/hint",
                &json!({"text": "https://puzz.link/p?simpleloop/3"}),
            ),
            400,
            "text: ",
        ),
        (
            post(address, "/api/hint", &json!({"text": "..\n.Q\n"})),
            400,
            "line 2, column 2",
        ),
        (
            post(address, "/api/hint", &json!({"puzzle": ".."})),
            400,
            "unknown field `puzzle`",
        ),
        (
            post(
                address,
                "/api/hint",
                &json!({"text": "..\n..\n", "timeout": -1}),
            ),
            400,
            "timeout",
        ),
        (
            request(address, "POST", "/api/hint", Some(&[b' '; 30000])).unwrap(),
            413,
            "20000 bytes",
        ),
        (
            request(address, "GET", "/api/hint", None).unwrap(),
            405,
            "POST",
        ),
    ];
    for (answer, status, says) in cases {
        assert_eq!(answer.status, status, "{}", answer.text());
        let message = answer.json()["error"].as_str().unwrap().to_string();
        assert!(message.contains(says), "{message:?} should say {says:?}");
    }
}

/// One request of the load: what is sent and the statuses that may answer it.
fn load_request(address: SocketAddr, number: usize) -> (Response, &'static [u16]) {
    let answer =
        |path: &str, body: &[u8]| request(address, "POST", path, Some(body)).expect("an answer");
    match number % 6 {
        0 => (
            post(
                address,
                "/api/solve",
                &json!({"rows": 6, "cols": 6, "piece": "knight", "tour": "closed", "timeout": 5}),
            ),
            &[200, 503],
        ),
        1 => (answer("/api/solve", b"{\"rows\": 6, \"cols\""), &[400]),
        2 => (answer("/api/solve", &vec![b'x'; 300_000]), &[413]),
        3 => (
            post(
                address,
                "/api/count",
                &json!({"rows": 4, "cols": 5, "piece": "rook", "tour": "closed", "timeout": 5}),
            ),
            &[200, 503],
        ),
        4 => (
            post(
                address,
                "/api/solve",
                &json!({"rows": 3, "cols": 3, "piece": "king", "blocked": [[7, 7]]}),
            ),
            &[400],
        ),
        _ => (
            request(address, "GET", "/app.js", None).expect("an answer"),
            &[200],
        ),
    }
}

#[test]
fn a_bounded_load_is_answered_and_leaves_the_server_up_with_its_memory_flat() {
    const REQUESTS: usize = 200;
    const CLIENTS: usize = 16;
    let served = Served::start(&["--max-body", "200000"]);
    let address = served.address;
    let run_load = || {
        let next = Arc::new(AtomicUsize::new(0));
        let clients: Vec<_> = (0..CLIENTS)
            .map(|_| {
                let next = Arc::clone(&next);
                thread::spawn(move || loop {
                    let number = next.fetch_add(1, Ordering::SeqCst);
                    if number >= REQUESTS {
                        return;
                    }
                    let (answer, allowed) = load_request(address, number);
                    assert!(
                        allowed.contains(&answer.status),
                        "request {number}: {} {}",
                        answer.status,
                        answer.text()
                    );
                    if answer.status != 200 || number % 6 != 5 {
                        answer.json();
                    }
                })
            })
            .collect();
        for client in clients {
            client.join().expect("every request answered as allowed");
        }
    };
    run_load();
    let before = served.resident_kib();
    run_load();
    run_load();
    let after = served.resident_kib();
    assert!(
        after < before + 32 * 1024,
        "resident memory grew from {before} KiB to {after} KiB over 400 requests"
    );
    let still_up = post(
        address,
        "/api/solve",
        &json!({"rows": 4, "cols": 4, "piece": "rook"}),
    );
    assert_eq!(still_up.json()["answer"], "found");
}

/// A count of a 16 x 16 rook's board: its frontier DP runs until the time limit (60 s here).
fn long_count(id: &str) -> Value {
    json!({"rows": 16, "cols": 16, "piece": "rook", "tour": "closed", "timeout": 60, "id": id})
}

#[test]
fn a_cancelled_request_kills_its_worker_and_frees_its_slot() {
    let served = Served::start(&["--timeout", "60", "--solves", "1"]);
    let address = served.address;
    let waiting = thread::spawn(move || post(address, "/api/count", &long_count("long")));
    let workers = served.wait_for_workers(1);
    assert_eq!(workers.len(), 1, "one worker process: {workers:?}");
    let busy = post(
        address,
        "/api/solve",
        &json!({"rows": 4, "cols": 4, "piece": "rook"}),
    );
    assert_eq!(busy.status, 503, "{}", busy.text());
    let cancel = post(address, "/api/cancel", &json!({"id": "long"}));
    assert_eq!(cancel.json(), json!({"cancelled": true}));
    let cancelled = waiting.join().unwrap();
    assert_eq!(cancelled.status, 409, "{}", cancelled.text());
    // The worker was killed and reaped before the request was answered.
    let status = request(address, "GET", "/api/status", None).unwrap().json();
    assert_eq!(
        (&status["workers"], &status["slots_taken"]),
        (&json!(0), &json!(0))
    );
    assert!(
        !std::path::Path::new(&format!("/proc/{}", workers[0])).exists(),
        "the worker {} is gone",
        workers[0]
    );
    assert!(served.workers().is_empty());
    let free = post(
        address,
        "/api/solve",
        &json!({"rows": 4, "cols": 4, "piece": "rook"}),
    );
    assert_eq!(free.json()["answer"], "found");
}

/// Sends `body` to `POST /api/count` on a connection of its own, with the header `Connection:
/// connection` when given, and returns the connection with nothing read from it.
fn count_unread(address: SocketAddr, body: &str, connection: Option<&str>) -> TcpStream {
    let mut stream = TcpStream::connect(address).expect("a connection");
    let connection = connection.map_or(String::new(), |value| format!("Connection: {value}\r\n"));
    let head = format!(
        "POST /api/count HTTP/1.1\r\nHost: {address}\r\n{connection}Content-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).unwrap();
    stream.write_all(body.as_bytes()).unwrap();
    stream
}

/// Waits (at most ten seconds) until the server says (`GET /api/status`) that no worker runs
/// and no slot is taken, and returns its last status.
fn wait_for_no_work(served: &Served) -> Value {
    let mut status = Value::Null;
    for _ in 0..1000 {
        status = request(served.address, "GET", "/api/status", None)
            .unwrap()
            .json();
        if (&status["workers"], &status["slots_taken"]) == (&json!(0), &json!(0)) {
            break;
        }
        thread::sleep(Duration::from_millis(10));
    }
    status
}

#[test]
fn a_client_that_closes_its_connection_has_its_worker_killed_and_its_slot_freed() {
    let served = Served::start(&["--timeout", "60", "--solves", "1"]);
    let cases = [
        (long_count("close").to_string(), Some("close")),
        (long_count("keep-alive").to_string(), Some("keep-alive")),
        // A body longer than one read of the connection.
        (
            format!("{}{}", long_count("long"), " ".repeat(100_000)),
            None,
        ),
    ];
    for (body, connection) in cases {
        let client = count_unread(served.address, &body, connection);
        let workers = served.wait_for_workers(1);
        assert_eq!(workers.len(), 1, "one worker process: {workers:?}");
        // A client still connected keeps its worker.
        thread::sleep(Duration::from_millis(500));
        assert_eq!(served.workers(), workers, "{connection:?}");
        let closed = std::time::Instant::now();
        drop(client);
        let status = wait_for_no_work(&served);
        println!(
            "Connection: {connection:?}: no work {} ms after the close",
            closed.elapsed().as_millis()
        );
        assert_eq!(
            status,
            json!({"solves": 1, "slots_taken": 0, "workers": 0}),
            "{connection:?}"
        );
        assert!(
            !std::path::Path::new(&format!("/proc/{}", workers[0])).exists(),
            "the worker {} is gone",
            workers[0]
        );
    }
    let free = post(
        served.address,
        "/api/solve",
        &json!({"rows": 4, "cols": 4, "piece": "rook"}),
    );
    assert_eq!(free.json()["answer"], "found");
}

#[test]
fn a_client_that_closes_only_its_writing_side_is_gone() {
    let served = Served::start(&["--timeout", "60", "--solves", "1"]);
    let mut client = count_unread(served.address, &long_count("half").to_string(), None);
    let workers = served.wait_for_workers(1);
    client.shutdown(Shutdown::Write).unwrap();
    assert_eq!(
        wait_for_no_work(&served),
        json!({"solves": 1, "slots_taken": 0, "workers": 0})
    );
    assert!(!std::path::Path::new(&format!("/proc/{}", workers[0])).exists());
    // The server closes the connection without an answer: nobody is reading one.
    client
        .set_read_timeout(Some(Duration::from_secs(60)))
        .unwrap();
    let mut rest = Vec::new();
    let read = std::io::Read::read_to_end(&mut client, &mut rest);
    assert!(read.is_err() || rest.is_empty(), "{read:?}: {rest:?}");
}

#[test]
fn a_request_pipelined_behind_a_running_one_is_answered_in_turn() {
    let served = Served::start(&[]);
    // The server watches the first request's connection while its count runs to its limit,
    // and reads nothing from it: the second request, already sent, is still there after it.
    let first = json!({"rows": 16, "cols": 16, "piece": "rook", "timeout": 1}).to_string();
    let second = json!({"rows": 4, "cols": 4, "piece": "rook"}).to_string();
    let head = |body: &str, connection: &str| {
        format!(
            "POST /api/count HTTP/1.1\r\nHost: {}\r\nConnection: {connection}\r\nContent-Length: {}\r\n\r\n{body}",
            served.address,
            body.len()
        )
    };
    let mut client = TcpStream::connect(served.address).unwrap();
    let both = head(&first, "keep-alive") + &head(&second, "close");
    client.write_all(both.as_bytes()).unwrap();
    client
        .set_read_timeout(Some(Duration::from_secs(60)))
        .unwrap();
    let mut answers = String::new();
    std::io::Read::read_to_string(&mut client, &mut answers).unwrap();
    let bodies: Vec<Value> = answers
        .split("HTTP/1.1 ")
        .skip(1)
        .map(|answer| {
            assert!(answer.starts_with("200 "), "{answer}");
            let (_, body) = answer.split_once("\r\n\r\n").expect("a head and a body");
            serde_json::from_str(body).unwrap_or_else(|error| panic!("{error}: {body}"))
        })
        .collect();
    assert_eq!(bodies.len(), 2, "{answers}");
    assert_eq!(bodies[0]["problem"]["rows"], 16);
    assert_eq!(bodies[1]["tours"], "6");
}

#[cfg(unix)]
#[test]
fn ctrl_c_kills_the_workers_says_stopped_and_exits_0() {
    use std::io::BufRead;
    let mut served = Served::start(&["--timeout", "60"]);
    let address = served.address;
    let waiting = thread::spawn(move || {
        request(
            address,
            "POST",
            "/api/count",
            Some(long_count("a").to_string().as_bytes()),
        )
    });
    let workers = served.wait_for_workers(1);
    // SAFETY: a plain system call on our own child's process id.
    let sent = unsafe { libc::kill(served.child.id() as libc::pid_t, libc::SIGINT) };
    assert_eq!(sent, 0);
    let mut line = String::new();
    served.stdout.read_line(&mut line).unwrap();
    assert_eq!(line, "toursat serve: stopped\n");
    let status = served.child.wait().unwrap();
    assert_eq!(status.code(), Some(0));
    for worker in workers {
        assert!(
            !std::path::Path::new(&format!("/proc/{worker}")).exists(),
            "the worker {worker} is gone"
        );
    }
    // The request in flight was answered 503 or lost its connection; it did not hang.
    if let Ok(answer) = waiting.join().unwrap() {
        assert_eq!(answer.status, 503, "{}", answer.text());
        assert_eq!(answer.json()["error"], "the server is stopping");
    }
}

#[test]
fn a_worker_past_its_memory_limit_is_answered_507_out_of_memory_and_the_server_goes_on() {
    let served = Served::start(&["--max-memory", "64", "--timeout", "60"]);
    // Counting the rook circuits of 18 x 18 needs more than 64 MiB long before a minute.
    let body = json!({"rows": 18, "cols": 18, "piece": "rook", "timeout": 60});
    let answer = post(served.address, "/api/count", &body);
    assert_eq!(answer.status, 507, "{}", answer.text());
    let message = answer.json()["error"].as_str().unwrap().to_string();
    assert!(
        message.starts_with("out of memory") && message.contains("64 MiB"),
        "{message}"
    );
    let status = request(served.address, "GET", "/api/status", None).unwrap();
    assert_eq!(
        status.json(),
        json!({"solves": served_solves(&served), "slots_taken": 0, "workers": 0})
    );
}

/// The solves at once of a server, from `GET /api/limits`.
fn served_solves(served: &Served) -> Value {
    request(served.address, "GET", "/api/limits", None)
        .unwrap()
        .json()["solves"]
        .clone()
}

#[test]
fn a_500_by_500_knights_tour_fits_in_150_mib_and_less_memory_says_out_of_memory() {
    // Under an address-space limit glibc could not give the engine's threads arenas of their
    // own, and this solve crawled to its time limit ("stopped", "timed out").
    let problem =
        json!({"rows": 500, "cols": 500, "piece": "knight", "tour": "closed", "timeout": 60});
    let served = Served::start(&["--max-memory", "150", "--timeout", "60"]);
    let answer = post(served.address, "/api/solve", &problem);
    assert_eq!(answer.status, 200, "{}", answer.text());
    let document = answer.json();
    assert_eq!(document["answer"], "found", "{}", document["reason"]);
    let board = Board::new(500, 500).unwrap();
    let knight = Problem::new(board.clone(), Piece::Knight, TourShape::Closed);
    verify(&knight, &tour_of(&board, &document["tour"])).expect("a knight's tour");
    let starved = Served::start(&["--max-memory", "30", "--timeout", "60"]);
    let answer = post(starved.address, "/api/solve", &problem);
    assert_eq!(answer.status, 507, "{}", answer.text());
    let message = answer.json()["error"].as_str().unwrap().to_string();
    assert!(
        message.starts_with("out of memory") && message.contains("30 MiB"),
        "{message}"
    );
}

/// `GET /api/status` sent with these headers.
fn status_with(served: &Served, headers: &[(&str, &str)]) -> Response {
    request_with(served.address, "GET", "/api/status", headers, None).expect("an answer")
}

#[test]
fn a_request_to_another_host_is_refused_with_421() {
    let served = Served::start(&[]);
    let port = served.address.port();
    for host in [
        "evil.example",
        &format!("evil.example:{port}"),
        "127.0.0.2.nip.example",
    ] {
        let answer = status_with(&served, &[("Host", host)]);
        assert_eq!(answer.status, 421, "{host}: {}", answer.text());
        let message = answer.json()["error"].as_str().unwrap().to_string();
        assert!(message.contains("is not this server"), "{message}");
    }
    assert_eq!(status_with(&served, &[]).status, 421, "no Host");
    for host in [
        format!("localhost:{port}"),
        format!("127.0.0.1:{port}"),
        format!("[::1]:{port}"),
        "localhost".to_string(),
    ] {
        let answer = status_with(&served, &[("Host", &host)]);
        assert_eq!(answer.status, 200, "{host}: {}", answer.text());
    }
}

#[test]
fn another_pages_requests_are_refused_and_start_no_work() {
    let served = Served::start(&["--timeout", "60"]);
    let host = served.address.to_string();
    let own = format!("http://{host}");
    // A cross-site "simple" request: text/plain, no preflight; a browser adds its Origin.
    let foreign = [
        ("Host", host.as_str()),
        ("Origin", "http://evil.example"),
        ("Content-Type", "text/plain"),
    ];
    for path in [
        "/api/count",
        "/api/solve",
        "/api/gen",
        "/api/cancel",
        "/api/status",
    ] {
        let method = if path == "/api/status" { "GET" } else { "POST" };
        let body = long_count("foreign").to_string();
        let answer = request_with(
            served.address,
            method,
            path,
            &foreign,
            Some(body.as_bytes()),
        )
        .expect("an answer");
        assert_eq!(answer.status, 403, "{path}: {}", answer.text());
        assert!(answer.json()["error"]
            .as_str()
            .unwrap()
            .contains("another page"));
    }
    let status = request(served.address, "GET", "/api/status", None)
        .unwrap()
        .json();
    assert_eq!(
        (&status["workers"], &status["slots_taken"]),
        (&json!(0), &json!(0))
    );
    // What an <img> tag can send starts nothing: generated boards are POST only.
    let image = request(
        served.address,
        "GET",
        "/api/gen?kind=random&rows=500&cols=500",
        None,
    )
    .unwrap();
    assert_eq!(
        (image.status, image.header("allow")),
        (405, Some("post".to_string()))
    );
    // The page's own requests go through, its stop beacon (text/plain) included.
    let beacon = [
        ("Host", host.as_str()),
        ("Origin", own.as_str()),
        ("Content-Type", "text/plain;charset=UTF-8"),
    ];
    let cancel = request_with(
        served.address,
        "POST",
        "/api/cancel",
        &beacon,
        Some(br#"{"id": "none"}"#),
    )
    .unwrap();
    assert_eq!(cancel.json(), json!({"cancelled": false}));
    let page = [("Host", host.as_str()), ("Origin", own.as_str())];
    let gen = json!({"kind": "holes", "rows": 8, "cols": 8, "seed": 2, "piece": "leaper:1,2"})
        .to_string();
    let board = request_with(
        served.address,
        "POST",
        "/api/gen",
        &page,
        Some(gen.as_bytes()),
    )
    .unwrap();
    assert_eq!(board.status, 200, "{}", board.text());
    assert_eq!(
        (board.json()["rows"].clone(), board.json()["cols"].clone()),
        (json!(8), json!(8))
    );
}

#[test]
fn head_is_answered_as_get_without_a_body_and_every_405_says_allow() {
    let served = Served::start(&[]);
    let address = served.address;
    let get = request(address, "GET", "/app.js", None).unwrap();
    let head = request(address, "HEAD", "/app.js", None).unwrap();
    assert_eq!((head.status, head.body.len()), (200, 0));
    assert_eq!(
        head.header("content-length"),
        Some(get.body.len().to_string())
    );
    assert_eq!(
        request(address, "HEAD", "/api/status", None)
            .unwrap()
            .status,
        200
    );
    for (method, path, allow) in [
        ("GET", "/api/solve", "POST"),
        ("HEAD", "/api/count", "POST"),
        ("PUT", "/api/cancel", "POST"),
        ("GET", "/api/gen", "POST"),
        ("POST", "/api/status", "GET, HEAD"),
        ("DELETE", "/", "GET, HEAD"),
        ("OPTIONS", "/api/limits", "GET, HEAD"),
    ] {
        let answer = request(address, method, path, None).unwrap();
        assert_eq!(answer.status, 405, "{method} {path}");
        assert_eq!(
            answer.header("allow"),
            Some(allow.to_lowercase()),
            "{method} {path}"
        );
        if method != "HEAD" {
            assert!(answer.json()["error"].as_str().unwrap().contains(allow));
        }
    }
}

/// A connection to `address` that has sent `head` (and nothing more), reading with a timeout
/// of ten seconds.
fn sent(address: SocketAddr, head: &str) -> TcpStream {
    let mut stream = TcpStream::connect(address).expect("a connection");
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    stream.write_all(head.as_bytes()).unwrap();
    stream
}

/// Whether the server closed `stream` (or reset it) without an answer, before its read timeout.
fn closed_without_answer(stream: &mut TcpStream) -> bool {
    let mut rest = Vec::new();
    match std::io::Read::read_to_end(stream, &mut rest) {
        Ok(_) => rest.is_empty(),
        Err(error) => error.kind() == std::io::ErrorKind::ConnectionReset,
    }
}

#[test]
fn slow_heads_are_closed_and_slow_or_endless_bodies_refused_at_the_read_timeout() {
    let served = Served::start(&["--read-timeout", "1"]);
    let address = served.address;
    // A head that never ends: closed at the read timeout, well before the client's ten seconds.
    let mut head = sent(
        address,
        &format!("POST /api/board HTTP/1.1\r\nHost: {address}\r\nX-Slow: "),
    );
    for _ in 0..4 {
        thread::sleep(Duration::from_millis(200));
        let _ = head.write_all(b"a");
    }
    assert!(closed_without_answer(&mut head));
    // A silent connection is closed too.
    assert!(closed_without_answer(&mut sent(address, "")));
    // A body announced and never sent: 408.
    let mut body = sent(address, &format!("POST /api/board HTTP/1.1\r\nHost: {address}\r\nContent-Length: 100000\r\n\r\n{{\"text\""));
    let answer = read_response(&mut body).expect("an answer");
    assert_eq!(answer.status, 408, "{}", answer.text());
    assert!(answer.json()["error"]
        .as_str()
        .unwrap()
        .contains("did not arrive within 1 s"));
    // A chunked body that announces 2^64 - 1 bytes: refused, or closed, not waited for.
    let mut endless = sent(address, &format!("POST /api/board HTTP/1.1\r\nHost: {address}\r\nTransfer-Encoding: chunked\r\n\r\nffffffffffffffff\r\naaaa"));
    match read_response(&mut endless) {
        Ok(answer) => assert!(
            [400, 408, 413].contains(&answer.status),
            "{}",
            answer.text()
        ),
        Err(error) => assert_ne!(error.kind(), std::io::ErrorKind::WouldBlock, "{error}"),
    }
    let still_up = request(address, "GET", "/api/status", None).unwrap();
    assert_eq!(still_up.status, 200);
}

#[test]
fn a_head_over_the_limit_is_refused_with_431_and_memory_stays_flat() {
    let served = Served::start(&[]);
    let address = served.address;
    let long_line = "a".repeat(200 << 10);
    let answer = request_with(
        address,
        "GET",
        "/",
        &[("Host", &address.to_string()), ("X-Long", &long_line)],
        None,
    )
    .unwrap();
    assert_eq!(answer.status, 431);
    let many: Vec<(String, String)> = (0..2000)
        .map(|number| (format!("X-H{number}"), "b".repeat(1000)))
        .collect();
    let mut headers: Vec<(&str, &str)> = many
        .iter()
        .map(|(name, value)| (name.as_str(), value.as_str()))
        .collect();
    let host = address.to_string();
    headers.push(("Host", &host));
    // The server may answer and close before it has read the 2 MB: the client's write then
    // fails and the answer can be lost with the connection, as in `flood_heads`.
    match request_with(address, "GET", "/", &headers, None) {
        Ok(answer) => assert_eq!(answer.status, 431),
        Err(error) => assert!(
            matches!(
                error.kind(),
                std::io::ErrorKind::BrokenPipe | std::io::ErrorKind::ConnectionReset
            ),
            "{error}"
        ),
    }
    let before = served.resident_kib();
    let flood = flood_heads(address, 16, 2 << 20);
    let after = served.resident_kib();
    assert!(
        flood
            .iter()
            .all(|&status| status.is_none_or(|status| status == 431)),
        "{flood:?}"
    );
    assert!(
        after < before + 32 * 1024,
        "resident memory grew from {before} KiB to {after} KiB"
    );
}

/// Sends `clients` heads of `bytes` bytes each at once, and the status each read back (`None`
/// when the server closed the connection before the client could read the answer).
fn flood_heads(address: SocketAddr, clients: usize, bytes: usize) -> Vec<Option<u16>> {
    let flooders: Vec<_> = (0..clients)
        .map(|_| {
            thread::spawn(move || {
                let mut stream = sent(
                    address,
                    &format!("GET / HTTP/1.1\r\nHost: {address}\r\nX-Flood: "),
                );
                let chunk = vec![b'f'; 64 << 10];
                for _ in 0..bytes / chunk.len() {
                    if stream.write_all(&chunk).is_err() {
                        break;
                    }
                }
                read_response(&mut stream).ok().map(|answer| answer.status)
            })
        })
        .collect();
    flooders
        .into_iter()
        .map(|flooder| flooder.join().unwrap())
        .collect()
}

/// How long a normal request may take while the load of the test below runs: the one timed
/// assertion of these tests, generous (answers take milliseconds on an idle machine).
const ANSWERED_WITHIN: Duration = Duration::from_secs(5);

/// A slow client: `POST /api/board` announcing a body of 100,000 bytes, then a byte every
/// 200 ms (or nothing when `silent`) until the server answers or closes, or `seconds` pass.
fn slow_client(address: SocketAddr, silent: bool, seconds: u64) -> thread::JoinHandle<()> {
    thread::spawn(move || {
        let mut stream = sent(
            address,
            &format!(
                "POST /api/board HTTP/1.1\r\nHost: {address}\r\nContent-Length: 100000\r\n\r\n"
            ),
        );
        stream
            .set_read_timeout(Some(Duration::from_millis(200)))
            .unwrap();
        let mut answer = [0; 1024];
        for _ in 0..seconds * 5 {
            if std::io::Read::read(&mut stream, &mut answer).is_ok()
                || !silent && stream.write_all(b" ").is_err()
            {
                return;
            }
        }
    })
}

#[test]
fn slow_clients_a_head_flood_and_a_burst_of_solves_leave_a_normal_client_answered() {
    const SLOW_CLIENTS: usize = 24;
    const FLOODERS: usize = 8;
    const SOLVES: usize = 16;
    let served = Served::start(&["--read-timeout", "3"]);
    let address = served.address;
    let before = served.resident_kib();
    let slow: Vec<_> = (0..SLOW_CLIENTS)
        .map(|number| slow_client(address, number % 2 == 0, 10))
        .collect();
    let flood = thread::spawn(move || flood_heads(address, FLOODERS, 4 << 20));
    let burst: Vec<_> = (0..SOLVES)
        .map(|_| {
            thread::spawn(move || {
                let problem = json!({"rows": 8, "cols": 8, "piece": "knight", "tour": "closed"});
                post(address, "/api/solve", &problem).status
            })
        })
        .collect();
    // The normal client: the page, the status and a cancel, again and again while the load runs.
    let mut slowest = Duration::ZERO;
    let mut answered = 0;
    let started = std::time::Instant::now();
    while started.elapsed() < Duration::from_secs(4) {
        for (method, path, body) in [
            ("GET", "/", None),
            ("GET", "/api/status", None),
            (
                "POST",
                "/api/cancel",
                Some(br#"{"id": "nothing"}"#.as_slice()),
            ),
        ] {
            let asked = std::time::Instant::now();
            let answer = request(address, method, path, body).expect("an answer");
            slowest = slowest.max(asked.elapsed());
            assert_eq!(answer.status, 200, "{method} {path}: {}", answer.text());
            answered += 1;
        }
        thread::sleep(Duration::from_millis(50));
    }
    let solved: Vec<u16> = burst
        .into_iter()
        .map(|solve| solve.join().unwrap())
        .collect();
    let flooded = flood.join().unwrap();
    for client in slow {
        client.join().unwrap();
    }
    let after = served.resident_kib();
    println!(
        "{SLOW_CLIENTS} slow clients, {FLOODERS} heads of 4 MiB, {SOLVES} solves at once \
         ({} answered 200, the rest 503): {answered} normal requests, the slowest {} ms; \
         resident memory {before} KiB before, {after} KiB after",
        solved.iter().filter(|&&status| status == 200).count(),
        slowest.as_millis()
    );
    assert!(
        slowest < ANSWERED_WITHIN,
        "a normal request took {slowest:?}"
    );
    assert!(
        solved.iter().all(|status| [200, 503].contains(status)),
        "{solved:?}"
    );
    assert!(solved.contains(&200), "{solved:?}");
    assert!(
        flooded
            .iter()
            .all(|&status| status.is_none_or(|status| status == 431)),
        "{flooded:?}"
    );
    assert!(
        after < before + 64 * 1024,
        "resident memory grew from {before} KiB to {after} KiB"
    );
}

/// What `toursat serve --port 0 --bind ADDRESS` prints on its standard output's first line and
/// on its standard error before it is stopped.
fn banner_and_warnings(bind: &str) -> (String, String) {
    use std::io::{BufRead, Read};
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_toursat"))
        .args(["serve", "--port", "0", "--bind", bind])
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("toursat serve starts");
    let mut banner = String::new();
    std::io::BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut banner)
        .unwrap();
    child.kill().unwrap();
    child.wait().unwrap();
    let mut warnings = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut warnings)
        .unwrap();
    (banner, warnings)
}

#[test]
fn the_printed_url_opens_in_a_browser_and_a_mapped_loopback_is_no_warning() {
    let everywhere = Served::start(&["--bind", "0.0.0.0"]);
    assert!(
        everywhere.banner.contains("on all addresses (0.0.0.0)"),
        "{}",
        everywhere.banner
    );
    assert!(
        everywhere.address.ip().is_loopback(),
        "{}",
        everywhere.banner
    );
    let status = request(everywhere.address, "GET", "/api/status", None).unwrap();
    assert_eq!(status.status, 200);
    let (banner, warnings) = banner_and_warnings("::ffff:127.0.0.1");
    assert!(banner.contains("http://127.0.0.1:"), "{banner}");
    assert_eq!(warnings, "");
    let (_, warnings) = banner_and_warnings("0.0.0.0");
    assert!(warnings.contains("not a loopback address"), "{warnings}");
}
