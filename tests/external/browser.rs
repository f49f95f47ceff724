//! The page of `toursat serve` in a real browser: headless Chromium driven over WebDriver
//! (chromedriver), by a small client over the HTTP client of `common::serve`.

use super::common::serve::{request, Served};
use super::common::{scratch_dir, HARD_PUZZLE};
use super::tools::{self, Tool};
use libtest_mimic::Trial;
use serde_json::{json, Value};
use std::net::{SocketAddr, TcpListener};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};
use toursat::{verify, Board, Piece, Problem, Tour, TourShape};

/// The key of an element reference in WebDriver's answers.
const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

/// How long the page may take to reach a state.
const PATIENCE: Duration = Duration::from_secs(60);

/// A chromedriver child and one browser session in it, both ended when dropped.
struct Browser {
    /// chromedriver.
    driver: Child,
    /// Its address.
    address: SocketAddr,
    /// The session's id.
    session: String,
}

impl Browser {
    /// Starts chromedriver on a free port and a headless Chromium session in it, its window
    /// 1200 x 800.
    fn start(profile: &std::path::Path) -> Browser {
        Browser::start_sized(profile, (1200, 800))
    }

    /// Starts chromedriver on a free port and a headless Chromium session in it, its window
    /// `size` (width, height) pixels.
    fn start_sized(profile: &std::path::Path, size: (u32, u32)) -> Browser {
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|listener| listener.local_addr())
            .expect("a free port")
            .port();
        let driver = Command::new("chromedriver")
            .arg(format!("--port={port}"))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let address: SocketAddr = ([127, 0, 0, 1], port).into();
        let started = Instant::now();
        while request(address, "GET", "/status", None).map_or(true, |answer| {
            answer.json()["value"]["ready"] != json!(true)
        }) {
            assert!(
                started.elapsed() < PATIENCE,
                "chromedriver did not get ready"
            );
            thread::sleep(Duration::from_millis(100));
        }
        let mut browser = Browser {
            driver,
            address,
            session: String::new(),
        };
        let flags = [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
        ];
        let mut args: Vec<String> = flags.iter().map(|flag| flag.to_string()).collect();
        args.push(format!("--window-size={},{}", size.0, size.1));
        args.push(format!("--user-data-dir={}", profile.display()));
        let capabilities = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {"binary": chromium_path(), "args": args},
        }}});
        let created = browser.call("POST", "/session", Some(capabilities));
        browser.session = created["sessionId"]
            .as_str()
            .expect("a session")
            .to_string();
        // The window's frame takes its part of the window: grow it so the page gets `size`.
        let inner = browser.script("return [innerWidth, innerHeight];");
        let frame = |index: usize, side: u32| side as i64 - inner[index].as_i64().unwrap();
        let (width, height) = (frame(0, size.0), frame(1, size.1));
        if (width, height) != (0, 0) {
            let outer = browser.session_call("GET", "/window/rect", None);
            let grown = json!({
                "width": outer["width"].as_i64().unwrap() + width,
                "height": outer["height"].as_i64().unwrap() + height,
            });
            browser.session_call("POST", "/window/rect", Some(grown));
        }
        browser
    }

    /// A WebDriver command: the `value` of its answer; an error answer fails the test.
    fn call(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        let body = body.map(|body| body.to_string());
        let answer = request(
            self.address,
            method,
            path,
            body.as_deref().map(str::as_bytes),
        )
        .unwrap_or_else(|error| panic!("{method} {path}: {error}"));
        assert_eq!(answer.status, 200, "{method} {path}: {}", answer.text());
        answer.json()["value"].clone()
    }

    /// A command of the session.
    fn session_call(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        self.call(method, &format!("/session/{}{path}", self.session), body)
    }

    /// Runs `script` in the page: its return value.
    fn script(&self, script: &str) -> Value {
        self.session_call(
            "POST",
            "/execute/sync",
            Some(json!({"script": script, "args": []})),
        )
    }

    /// The element of a CSS selector.
    fn element(&self, selector: &str) -> String {
        let found = self.session_call(
            "POST",
            "/element",
            Some(json!({"using": "css selector", "value": selector})),
        );
        found[ELEMENT]
            .as_str()
            .unwrap_or_else(|| panic!("no element {selector}: {found}"))
            .to_string()
    }

    /// Clicks the element of a CSS selector.
    fn click(&self, selector: &str) {
        let element = self.element(selector);
        self.session_call(
            "POST",
            &format!("/element/{element}/click"),
            Some(json!({})),
        );
    }

    /// Replaces the text of an input.
    fn type_into(&self, selector: &str, text: &str) {
        let element = self.element(selector);
        self.session_call(
            "POST",
            &format!("/element/{element}/clear"),
            Some(json!({})),
        );
        let typed = json!({ "text": text });
        self.session_call("POST", &format!("/element/{element}/value"), Some(typed));
    }

    /// Clicks the board's square `(x, y)` with the mouse, where the page draws it.
    fn click_square(&self, x: u32, y: u32) {
        let geometry = self.script(
            "const r = document.getElementById('board').getBoundingClientRect(); \
             return [r.left, r.top, view.cell, view.margin];",
        );
        let number = |index: usize| geometry[index].as_f64().expect("a number");
        let (left, top, cell, margin) = (number(0), number(1), number(2), number(3));
        let at = |side: f64, index: u32| (side + margin + (index as f64 + 0.5) * cell) as i64;
        let actions = json!({"actions": [{
            "type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"},
            "actions": [
                {"type": "pointerMove", "duration": 0, "origin": "viewport", "x": at(left, x), "y": at(top, y)},
                {"type": "pointerDown", "button": 0},
                {"type": "pointerUp", "button": 0},
            ],
        }]});
        self.session_call("POST", "/actions", Some(actions));
    }

    /// Waits until the page's state (`body[data-state]`) is `wanted`.
    fn wait_for(&self, wanted: &str) {
        let started = Instant::now();
        loop {
            let state = self.script("return document.body.dataset.state;");
            if state == json!(wanted) {
                return;
            }
            let answer = self.script("return document.getElementById('answer').textContent;");
            assert!(
                started.elapsed() < PATIENCE,
                "the page stayed {state} (answer: {answer}), not {wanted}"
            );
            thread::sleep(Duration::from_millis(100));
        }
    }

    /// A screenshot of the page, as PNG bytes.
    fn screenshot(&self) -> Vec<u8> {
        let encoded = self.session_call("GET", "/screenshot", None);
        decode_base64(encoded.as_str().expect("base64 text"))
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        if !self.session.is_empty() {
            let path = format!("/session/{}", self.session);
            let _ = request(self.address, "DELETE", &path, None);
        }
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}

/// The path of `chromium` on PATH.
fn chromium_path() -> String {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .map(|folder| folder.join("chromium"))
        .find(|candidate| candidate.is_file())
        .expect("chromium on PATH")
        .display()
        .to_string()
}

/// Decodes standard base64 (padding and line breaks allowed).
fn decode_base64(text: &str) -> Vec<u8> {
    let value = |byte: u8| match byte {
        b'A'..=b'Z' => byte - b'A',
        b'a'..=b'z' => byte - b'a' + 26,
        b'0'..=b'9' => byte - b'0' + 52,
        b'+' => 62,
        b'/' => 63,
        other => panic!("{other} is not base64"),
    };
    let digits: Vec<u8> = text
        .bytes()
        .filter(|byte| !byte.is_ascii_whitespace() && *byte != b'=')
        .map(value)
        .collect();
    let mut bytes = Vec::with_capacity(digits.len() * 3 / 4);
    for group in digits.chunks(4) {
        let bits = group
            .iter()
            .enumerate()
            .fold(0u32, |bits, (index, &digit)| {
                bits | (digit as u32) << (18 - 6 * index)
            });
        bytes.extend_from_slice(&bits.to_be_bytes()[1..group.len()]);
    }
    bytes
}

/// The squares of the page's tour (`[[x, y], ...]`) on `board`.
fn tour_of(board: &Board, tour: &Value) -> Tour {
    let squares = tour.as_array().expect("a tour").iter().map(|xy| {
        board.square(
            xy[0].as_u64().unwrap() as u32,
            xy[1].as_u64().unwrap() as u32,
        )
    });
    Tour::new(squares.collect())
}

fn a_board_built_by_clicks_is_solved_animated_verified_and_explained() {
    let served = Served::start(&[]);
    let folder = scratch_dir("browser");
    let profile = folder.join("profile");
    let _ = std::fs::remove_dir_all(&profile);
    let browser = Browser::start(&profile);
    let url = format!("http://{}/", served.address);
    browser.session_call("POST", "/url", Some(json!({ "url": url })));
    browser.type_into("#rows", "6");
    browser.type_into("#cols", "6");
    browser.click("#resize");
    // Block a square by a click and free it by another.
    browser.click_square(2, 2);
    let blocked = "return Array.from(state.blocked).filter((b) => b).length;";
    assert_eq!(browser.script(blocked), json!(1));
    browser.click_square(2, 2);
    assert_eq!(browser.script(blocked), json!(0));
    browser.click("#piece option[value=knight]");
    browser.click("#tour option[value=closed]");
    browser.click("#solve");
    browser.wait_for("done");
    let shown = browser.script("return document.getElementById('tour-json').textContent;");
    let tour: Value = serde_json::from_str(shown.as_str().unwrap()).expect("the tour's JSON");
    let board = Board::new(6, 6).unwrap();
    let problem = Problem::new(board.clone(), Piece::Knight, TourShape::Closed);
    verify(&problem, &tour_of(&board, &tour)).expect("the page's tour is a tour");
    let answer = browser.script("return document.getElementById('answer').textContent;");
    assert!(answer.as_str().unwrap().contains("verified"), "{answer}");
    let picture = browser.screenshot();
    assert!(picture.starts_with(b"\x89PNG"), "a PNG screenshot");
    std::fs::write(folder.join("tour.png"), &picture).unwrap();
    // A blocked corner leaves 17 squares of one colour and 18 of the other.
    browser.click_square(0, 0);
    browser.click("#solve");
    browser.wait_for("no-tour");
    let reason = browser.script("return document.getElementById('reason').textContent;");
    assert!(
        reason.as_str().unwrap().contains("alternates colours"),
        "{reason}"
    );
    // The reason is drawn: the free squares are tinted by colour.
    let tinted = browser.script(
        "const c = view.margin + 1.5 * view.cell, r = view.margin + 0.1 * view.cell; \
         return Array.from(document.getElementById('board').getContext('2d') \
         .getImageData(c, r, 1, 1).data.slice(0, 3));",
    );
    assert_ne!(
        tinted,
        json!([232, 226, 208]),
        "square B1 drawn as on a plain board"
    );
    std::fs::write(folder.join("no-tour.png"), browser.screenshot()).unwrap();
}

/// A fresh headless browser on the page of `served`, its profile and files in the scratch
/// folder `name`: the browser and the folder.
fn open_page(served: &Served, name: &str) -> (Browser, PathBuf) {
    let folder = scratch_dir(name);
    let profile = folder.join("profile");
    let _ = std::fs::remove_dir_all(&profile);
    let browser = Browser::start(&profile);
    let url = format!("http://{}/", served.address);
    browser.session_call("POST", "/url", Some(json!({ "url": url })));
    (browser, folder)
}

/// Milliseconds the page takes to run `statement` (timed with `performance.now()`).
fn milliseconds(browser: &Browser, statement: &str) -> f64 {
    let script = format!("const t = performance.now(); {statement}; return performance.now() - t;");
    browser.script(&script).as_f64().expect("a time")
}

/// A server whose requests may run ten minutes, with one slot: a worker can only end sooner by
/// a cancel, and a request while it runs is refused.
fn patient_server() -> Served {
    Served::start(&["--timeout", "600", "--solves", "1"])
}

/// On the page of `browser`, starts counting the rook circuits of 16 x 16 with a time limit of
/// ten minutes (the count runs until then), and waits for its worker: the workers' process ids.
fn start_long_count(browser: &Browser, served: &Served) -> Vec<u32> {
    browser.type_into("#rows", "16");
    browser.type_into("#cols", "16");
    browser.click("#resize");
    browser.click("#piece option[value=rook]");
    browser.click("#tour option[value=closed]");
    browser.type_into("#timeout", "600");
    browser.click("#count");
    let workers = served.wait_for_workers(1);
    assert_eq!(workers.len(), 1, "one worker: {workers:?}");
    workers
}

/// Waits until the server has no worker, says how long that took after `since` (what `event`
/// did), and checks that the `workers` are gone and the slot is free for a new solve.
fn assert_work_stopped(served: &Served, workers: &[u32], since: Instant, event: &str) {
    served.wait_for_workers(0);
    eprintln!(
        "the worker was killed {} ms after {event}",
        since.elapsed().as_millis()
    );
    for worker in workers {
        assert!(
            !std::path::Path::new(&format!("/proc/{worker}")).exists(),
            "the worker {worker} is gone"
        );
    }
    let body = json!({"rows": 4, "cols": 4, "piece": "rook"}).to_string();
    let next = request(served.address, "POST", "/api/solve", Some(body.as_bytes())).unwrap();
    assert_eq!(next.json()["answer"], "found", "the slot is free again");
}

fn the_stop_button_kills_the_worker() {
    let served = patient_server();
    let (browser, _) = open_page(&served, "browser-stop");
    let workers = start_long_count(&browser, &served);
    let pressed = Instant::now();
    browser.click("#stop");
    assert_work_stopped(&served, &workers, pressed, "Stop was pressed");
    browser.wait_for("stopped");
}

fn a_tab_navigated_away_cancels_its_request_and_its_worker_is_killed() {
    let served = patient_server();
    let (browser, _) = open_page(&served, "browser-away");
    let workers = start_long_count(&browser, &served);
    let left = Instant::now();
    browser.session_call("POST", "/url", Some(json!({"url": "about:blank"})));
    assert_work_stopped(&served, &workers, left, "the tab left the page");
}

fn a_closed_tab_cancels_its_request_and_its_worker_is_killed() {
    let served = patient_server();
    let (browser, _) = open_page(&served, "browser-close");
    // The page in a second tab, closed while it counts; the first tab keeps the session.
    let first = browser.session_call("GET", "/window", None);
    let opened = browser.session_call("POST", "/window/new", Some(json!({"type": "tab"})));
    browser.session_call("POST", "/window", Some(json!({"handle": opened["handle"]})));
    let url = format!("http://{}/", served.address);
    browser.session_call("POST", "/url", Some(json!({ "url": url })));
    let workers = start_long_count(&browser, &served);
    let closed = Instant::now();
    browser.session_call("DELETE", "/window", None);
    browser.session_call("POST", "/window", Some(json!({ "handle": first })));
    assert_work_stopped(&served, &workers, closed, "the tab was closed");
}

fn a_200_by_200_board_is_solved_drawn_and_its_tour_verified() {
    let served = Served::start(&[]);
    let (browser, folder) = open_page(&served, "browser-200");
    browser.type_into("#rows", "200");
    browser.type_into("#cols", "200");
    browser.click("#resize");
    browser.click("#piece option[value=knight]");
    browser.click("#tour option[value=closed]");
    let asked = Instant::now();
    browser.click("#solve");
    browser.wait_for("playing");
    let answered = asked.elapsed();
    // One frame of the animation at its fastest (10,000 moves a second, 60 frames a second).
    let frame = milliseconds(&browser, "showFrame(state.frame + 167)");
    browser.click("#to-end");
    browser.wait_for("done");
    let board = milliseconds(&browser, "drawBoard()");
    let whole = milliseconds(&browser, "redraw()");
    eprintln!(
        "200 x 200 knight's tour: answered and drawing in {} ms; an animation frame of 167 \
         moves {frame:.1} ms; the board alone {board:.1} ms; the board and the whole tour \
         {whole:.1} ms",
        answered.as_millis()
    );
    let shown = browser.script("return document.getElementById('tour-json').textContent;");
    let tour: Value = serde_json::from_str(shown.as_str().unwrap()).expect("the tour's JSON");
    let board = Board::new(200, 200).unwrap();
    let problem = Problem::new(board.clone(), Piece::Knight, TourShape::Closed);
    verify(&problem, &tour_of(&board, &tour)).expect("the page's tour is a tour");
    // The tour is drawn: the centre of its last square is no longer the board's colour.
    let drawn = browser.script(
        "const [x, y] = centre(currentTour()[currentTour().length - 1]); \
         return Array.from(baseContext.getImageData(x, y, 1, 1).data.slice(0, 3));",
    );
    for plain in [json!([232, 226, 208]), json!([248, 245, 236])] {
        assert_ne!(drawn, plain, "the last square drawn as on a plain board");
    }
    std::fs::write(folder.join("tour-200.png"), browser.screenshot()).unwrap();
    // A click blocks a square of the 200 x 200 board (the answer is cleared: the whole board
    // is drawn again), a second frees it (only that square is drawn).
    browser.click_square(199, 199);
    let blocked = "return Array.from(state.blocked).filter((b) => b).length;";
    assert_eq!(browser.script(blocked), json!(1));
    let click = milliseconds(&browser, "edit([199, 199], true)");
    assert_eq!(browser.script(blocked), json!(0));
    eprintln!("a click that frees a square of the 200 x 200 board: {click:.1} ms");
}

/// The page asks for a generated board by `POST /api/gen` with its own `Origin`, which the
/// server takes, and draws it.
fn a_generated_preset_is_asked_for_by_post_and_drawn() {
    let served = Served::start(&[]);
    let (browser, _) = open_page(&served, "browser-preset");
    browser.click("#preset option[value=region]");
    let size =
        "return [state.rows, state.cols, Array.from(state.blocked).filter((b) => b).length];";
    let started = Instant::now();
    let drawn = loop {
        let drawn = browser.script(size);
        if drawn[0] == json!(30) || started.elapsed() > PATIENCE {
            break drawn;
        }
        thread::sleep(Duration::from_millis(100));
    };
    let answer = browser.script("return document.getElementById('answer').textContent;");
    assert_eq!((&drawn[0], &drawn[1]), (&json!(30), &json!(30)), "{answer}");
    assert!(
        drawn[2].as_u64().unwrap() > 0,
        "a region board has blocked squares: {drawn}"
    );
}

/// Waits until `script` returns `wanted` in the page.
fn wait_until(browser: &Browser, script: &str, wanted: Value) {
    let started = Instant::now();
    loop {
        let value = browser.script(script);
        if value == wanted {
            return;
        }
        assert!(
            started.elapsed() < PATIENCE,
            "{script} stayed {value}, not {wanted}"
        );
        thread::sleep(Duration::from_millis(100));
    }
}

/// The geometry the page has laid out, read in the page: the window, the board's canvas, the
/// stage's room for it below the verdict, the Export buttons, the controls' scroll.
const GEOMETRY: &str = "\
    const rect = (id) => document.getElementById(id).getBoundingClientRect(); \
    const stage = document.getElementById('stage'), style = getComputedStyle(stage); \
    const verdict = document.getElementById('verdict'); \
    const exported = ['save-svg', 'save-png', 'save-board', 'save-tour'].map((id) => { \
      const r = rect(id); \
      const found = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2); \
      return r.bottom <= innerHeight && r.right <= innerWidth && found && found.id === id; }); \
    return { window: [innerWidth, innerHeight], board: rect('board').toJSON(), \
      room: [stage.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight), \
             stage.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom) \
               - verdict.offsetHeight - parseFloat(getComputedStyle(verdict).marginBottom)], \
      exported, scrolled: document.getElementById('controls').scrollTop, \
      font: parseFloat(getComputedStyle(document.getElementById('answer')).fontSize) };";

/// Checks, at a window of `size`, that the board fills the room the stage leaves it (its width
/// or its height, whichever binds), lies wholly in the window, and that every Export button is
/// in view, unscrolled and uncovered: the page's geometry.
fn assert_fills_the_window(browser: &Browser, size: (u32, u32)) -> Value {
    let geometry = browser.script(GEOMETRY);
    let number = |value: &Value| value.as_f64().expect("a number");
    let (width, height) = (
        number(&geometry["window"][0]),
        number(&geometry["window"][1]),
    );
    assert_eq!((width as u32, height as u32), size, "{geometry}");
    let board = &geometry["board"];
    let (room_width, room_height) = (number(&geometry["room"][0]), number(&geometry["room"][1]));
    let filled = (number(&board["width"]) / room_width).max(number(&board["height"]) / room_height);
    assert!(
        filled >= 0.9,
        "the board fills {filled} of its room: {geometry}"
    );
    assert!(number(&board["right"]) <= width && number(&board["bottom"]) <= height);
    assert_eq!(
        geometry["exported"],
        json!([true, true, true, true]),
        "{geometry}"
    );
    assert_eq!(geometry["scrolled"], json!(0));
    geometry
}

/// Checks that the letter S of the start is drawn, on the top canvas, inside its square and
/// clear of its ring: the overlay holds its green pixels.
fn assert_start_letter_visible(browser: &Browser) {
    let seen = browser.script(
        "const box = endLetterBox(state.start); \
         const left = view.margin + state.start[0] * view.cell; \
         const pixels = overlayContext.getImageData(box.x, box.y, box.width, box.height).data; \
         let green = 0; \
         for (let i = 0; i < pixels.length; i += 4) { \
           if (pixels[i + 3] > 200 && pixels[i + 1] > pixels[i] + 40) green++; } \
         const layers = Array.from(document.getElementById('layers').children).map((c) => c.id); \
         return { green, inside: box.x >= left + ringWidth() && box.x + box.width <= left + view.cell, \
                  top: layers[layers.length - 1] };",
    );
    assert_eq!(
        seen["top"],
        json!("overlay"),
        "the overlay is drawn last: {seen}"
    );
    assert_eq!(seen["inside"], json!(true), "{seen}");
    assert!(
        seen["green"].as_u64().unwrap() >= 10,
        "the S is drawn: {seen}"
    );
}

/// Checks the page's SVG export of the 8 x 8 knight's tour shown, saved at `path`: at least
/// 400 pixels wide, its 64 move numbers on discs, file letters and rank numbers, a caption and
/// a legend, every text at least 10 pixels high.
fn assert_svg_export_legible(browser: &Browser, path: &std::path::Path) {
    let text = browser.script("return svgText();");
    let text = text.as_str().expect("the SVG's text");
    std::fs::write(path, text).unwrap();
    let document = roxmltree::Document::parse(text).expect("the export parses");
    let width: f64 = document
        .root_element()
        .attribute("width")
        .unwrap()
        .parse()
        .unwrap();
    assert!(width >= 400.0, "{width} pixels wide");
    let group = |class: &str| {
        document
            .descendants()
            .find(|node| node.attribute("class") == Some(class))
            .unwrap_or_else(|| panic!("no {class} in the export"))
    };
    let count = |class: &str, tag: &str| {
        group(class)
            .children()
            .filter(|node| node.has_tag_name(tag))
            .count()
    };
    assert_eq!(
        (
            count("visit-numbers", "text"),
            count("visit-numbers", "circle")
        ),
        (64, 64)
    );
    assert_eq!(count("labels", "text"), 16);
    assert!(count("caption", "text") >= 1 && count("legend", "g") >= 2);
    for node in document
        .descendants()
        .filter(|node| node.has_tag_name("text"))
    {
        let size = node
            .ancestors()
            .find_map(|node| node.attribute("font-size"))
            .expect("a font size");
        assert!(size.parse::<f64>().unwrap() >= 10.0, "{size} px");
    }
}

/// The page at a laptop's window and a projector's: the board fills the window, Export is in
/// view, the start's S shows above the tour, the words are plain and the type grows with the
/// window; the screenshots are saved in the scratch folder `browser-layout`.
fn the_page_fills_a_laptop_and_a_projector_screen() {
    let served = Served::start(&[]);
    let folder = scratch_dir("browser-layout");
    let mut fonts = Vec::new();
    for size in [(1300, 757), (1920, 1080)] {
        let profile = folder.join(format!("profile-{}", size.0));
        let _ = std::fs::remove_dir_all(&profile);
        let browser = Browser::start_sized(&profile, size);
        let url = format!("http://{}/", served.address);
        browser.session_call("POST", "/url", Some(json!({ "url": url })));
        let geometry = assert_fills_the_window(&browser, size);
        fonts.push(geometry["font"].as_f64().unwrap());
        // The judge's knight's tour from A1: solved, animated to its end, the S in view.
        browser.click("#preset option[value=knight8]");
        browser.click("#solve");
        browser.wait_for("playing");
        browser.click("#to-end");
        browser.wait_for("done");
        assert_fills_the_window(&browser, size);
        assert_start_letter_visible(&browser);
        let details = browser.script("return document.getElementById('details').textContent;");
        assert!(
            details.as_str().unwrap().starts_with("found by "),
            "{details}"
        );
        std::fs::write(
            folder.join(format!("tour-{}.png", size.0)),
            browser.screenshot(),
        )
        .unwrap();
        assert_svg_export_legible(&browser, &folder.join(format!("tour-{}.svg", size.0)));
        // A board with no tour says how it was proved, in words.
        browser.click("#preset option[value=region]");
        wait_until(&browser, "return state.cols;", json!(30));
        browser.click("#solve");
        browser.wait_for("no-tour");
        let details = browser.script("return document.getElementById('details').textContent;");
        assert!(
            details
                .as_str()
                .unwrap()
                .starts_with("proved impossible by a sealed region"),
            "{details}"
        );
        assert_fills_the_window(&browser, size);
        std::fs::write(
            folder.join(format!("region-{}.png", size.0)),
            browser.screenshot(),
        )
        .unwrap();
    }
    assert!(
        fonts[1] > fonts[0] * 1.2,
        "the type grows on a projector: {fonts:?}"
    );
}

/// A pasted puzz.link URL: the preset menu no longer names the last preset; a count shows its
/// seconds while it works and its tours with the noun agreeing.
fn a_pasted_board_is_custom_and_a_count_shows_its_time() {
    let served = Served::start(&[]);
    let (browser, _) = open_page(&served, "browser-words");
    browser.click("#preset option[value=rook1]");
    browser.type_into("#paste", "https://puzz.link/p?simpleloop/7/6/gcjkhlh08");
    browser.click("#read-paste");
    wait_until(&browser, "return state.cols;", json!(7));
    let preset = browser.script(
        "const menu = document.getElementById('preset'); \
         return menu.options[menu.selectedIndex].textContent;",
    );
    assert_eq!(preset, json!("custom board"));
    // The puzzle waits in the Puzzle tab.
    let waiting = browser.script("return document.getElementById('puzzle-text').value;");
    assert_eq!(
        waiting,
        json!("https://puzz.link/p?simpleloop/7/6/gcjkhlh08")
    );
    browser.click("#piece option[value=rook]");
    browser.click("#count");
    browser.wait_for("done");
    let answer = browser.script("return document.getElementById('answer').textContent;");
    assert!(
        answer.as_str().unwrap().starts_with("1 tour; unique"),
        "{answer}"
    );
    // A long count: the answer counts its seconds until Stop.
    browser.type_into("#rows", "16");
    browser.type_into("#cols", "16");
    browser.click("#resize");
    browser.click("#count");
    thread::sleep(Duration::from_millis(1500));
    let working = browser.script("return document.getElementById('answer').textContent;");
    let seconds = working
        .as_str()
        .unwrap()
        .strip_prefix("counting… ")
        .and_then(|rest| rest.strip_suffix(" s"))
        .and_then(|number| number.parse::<f64>().ok());
    assert!(seconds.is_some_and(|seconds| seconds >= 0.5), "{working}");
    browser.click("#stop");
    browser.wait_for("stopped");
}

/// The geometry of the puzzle mode, read in the page: the window, the board's canvas, the
/// stage's room for it below the verdict, whether the controls fit unscrolled, and whether the
/// step and export buttons are in view and uncovered.
const PUZZLE_GEOMETRY: &str = "\
    const rect = (id) => document.getElementById(id).getBoundingClientRect(); \
    const stage = document.getElementById('stage'), style = getComputedStyle(stage); \
    const verdict = document.getElementById('verdict'); \
    const controls = document.getElementById('controls'); \
    const reachable = ['hint-back', 'hint-forward', 'hint-all', 'puzzle-export', 'puzzle-url'].map((id) => { \
      const r = rect(id); \
      const found = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2); \
      return r.bottom <= innerHeight && r.right <= innerWidth && found && found.id === id; }); \
    return { window: [innerWidth, innerHeight], board: rect('board').toJSON(), \
      room: [stage.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight), \
             stage.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom) \
               - verdict.offsetHeight - parseFloat(getComputedStyle(verdict).marginBottom)], \
      reachable, controls_fit: controls.scrollHeight <= controls.clientHeight, \
      page_fits: document.documentElement.scrollHeight <= innerHeight \
        && document.documentElement.scrollWidth <= innerWidth };";

/// Checks, at a window of `size`, that the puzzle mode's board fills its room and lies in the
/// window, the controls fit without scrolling and the step and export buttons are in view.
fn assert_puzzle_fills_the_window(browser: &Browser, size: (u32, u32)) {
    let geometry = browser.script(PUZZLE_GEOMETRY);
    let number = |value: &Value| value.as_f64().expect("a number");
    let window = (
        number(&geometry["window"][0]),
        number(&geometry["window"][1]),
    );
    assert_eq!((window.0 as u32, window.1 as u32), size, "{geometry}");
    let board = &geometry["board"];
    let room = (number(&geometry["room"][0]), number(&geometry["room"][1]));
    let filled = (number(&board["width"]) / room.0).max(number(&board["height"]) / room.1);
    assert!(
        filled >= 0.9,
        "the board fills {filled} of its room: {geometry}"
    );
    assert!(number(&board["right"]) <= window.0 && number(&board["bottom"]) <= window.1);
    assert_eq!(
        geometry["reachable"],
        json!([true, true, true, true, true]),
        "{geometry}"
    );
    assert_eq!(geometry["controls_fit"], json!(true), "{geometry}");
    assert_eq!(geometry["page_fits"], json!(true), "{geometry}");
}

/// The moves the first `count` steps of a path (the JSON of `/api/hint`) decide: the used and
/// the excluded.
fn decided(steps: &[Value], count: usize) -> Value {
    let moves = |kind: &str| -> usize {
        steps[..count]
            .iter()
            .map(|step| step[kind].as_array().unwrap().len())
            .sum()
    };
    json!({"lines": moves("used"), "crosses": moves("excluded")})
}

/// The puzzle mode at a laptop's window and a projector's: a pasted puzz.link URL gets its
/// verdict and grade in a line; Forward twice draws the moves the first two steps decide (as
/// many lines and crosses as `/api/hint` lists), with the second step's sentence; Back and the
/// arrow key step again; All draws the whole loop; Export gives the URL back; a board with two
/// loops gets no grade. The screenshot of
/// the first colour count is saved in the scratch folder `browser-puzzle` (docs/serve-puzzle.png).
fn a_pasted_puzzle_is_graded_and_its_hints_stepped_through_and_exported() {
    let served = Served::start(&[]);
    let folder = scratch_dir("browser-puzzle");
    let board: Board = HARD_PUZZLE.parse().unwrap();
    let url = toursat::core::board::puzzlink::url(&board);
    let asked = json!({ "text": url }).to_string();
    let answer = request(served.address, "POST", "/api/hint", Some(asked.as_bytes())).unwrap();
    assert_eq!(answer.status, 200, "{}", answer.text());
    let steps = answer.json()["path"]["steps"].as_array().unwrap().clone();
    let text_of = |browser: &Browser, id: &str| {
        let script = format!("return document.getElementById('{id}').textContent;");
        browser.script(&script).as_str().unwrap().to_string()
    };
    let drawn = "return puzzle.drawn;";
    for size in [(1300, 757), (1920, 1080)] {
        let profile = folder.join(format!("profile-{}", size.0));
        let _ = std::fs::remove_dir_all(&profile);
        let browser = Browser::start_sized(&profile, size);
        let page = format!("http://{}/", served.address);
        browser.session_call("POST", "/url", Some(json!({ "url": page })));
        browser.click("#tab-puzzle");
        browser.type_into("#puzzle-text", &url);
        browser.click("#puzzle-check");
        browser.wait_for("puzzle");
        let line = text_of(&browser, "answer");
        assert!(
            line.starts_with("One loop, graded hard: needs ") && line.contains("the colour count"),
            "{line}"
        );
        assert!(text_of(&browser, "details").starts_with("unique: this is the only tour"));
        assert_eq!(browser.script(drawn), json!({"lines": 0, "crosses": 0}));
        browser.click("#hint-forward");
        browser.click("#hint-forward");
        assert_eq!(text_of(&browser, "hint-step"), "2");
        assert_eq!(browser.script(drawn), decided(&steps, 2));
        let words = text_of(&browser, "hint-words");
        assert!(
            words.contains(steps[1]["sentence"].as_str().unwrap()),
            "{words}"
        );
        // The first move used is drawn on the canvas: its middle is dark, not a square's colour.
        let [a, b] = [&steps[0]["used"][0][0], &steps[0]["used"][0][1]];
        let middle = browser.script(&format!(
            "const a = centre({a}), b = centre({b}); \
             return Array.from(baseContext.getImageData((a[0] + b[0]) / 2, (a[1] + b[1]) / 2, 1, 1) \
             .data.slice(0, 3));"
        ));
        let dark = middle
            .as_array()
            .unwrap()
            .iter()
            .all(|channel| channel.as_u64() < Some(80));
        assert!(dark, "the move {a}-{b} is drawn: {middle}");
        browser.click("#hint-back");
        assert_eq!(browser.script(drawn), decided(&steps, 1));
        assert!(text_of(&browser, "hint-words").contains(steps[0]["sentence"].as_str().unwrap()));
        // The arrow key steps forward as the button does (the button just pressed has the focus).
        let arrow = json!({"actions": [{"type": "key", "id": "keyboard", "actions": [
            {"type": "keyDown", "value": "\u{E014}"}, {"type": "keyUp", "value": "\u{E014}"}]}]});
        browser.session_call("POST", "/actions", Some(arrow));
        assert_eq!(browser.script(drawn), decided(&steps, 2));
        // All: the whole loop, a move for each open cell.
        browser.click("#hint-all");
        assert_eq!(browser.script(drawn), decided(&steps, steps.len()));
        assert_eq!(
            browser.script(drawn)["lines"],
            json!(board.free_count()),
            "the loop is drawn whole"
        );
        browser.click("#puzzle-export");
        let exported = browser.script("return document.getElementById('puzzle-url').value;");
        assert_eq!(exported, json!(url));
        assert_puzzle_fills_the_window(&browser, size);
        let colour_count = steps
            .iter()
            .position(|step| step["rule"] == "colour-count")
            .expect("a colour count");
        browser.script(&format!("showHint({}); return null;", colour_count + 1));
        assert_puzzle_fills_the_window(&browser, size);
        std::fs::write(
            folder.join(format!("puzzle-{}.png", size.0)),
            browser.screenshot(),
        )
        .unwrap();
        // A board with two loops: no grade, and the proof's words say where they differ.
        browser.type_into("#puzzle-text", "......\n......\n......\n..XX..\n");
        browser.click("#puzzle-check");
        browser.wait_for("puzzle");
        let line = text_of(&browser, "answer");
        assert!(line.starts_with("Several loops, so no grade"), "{line}");
        let details = text_of(&browser, "details");
        assert!(
            details.starts_with("not unique: two tours differ in "),
            "{details}"
        );
    }
}

/// The tests of this file.
pub fn trials() -> Vec<Trial> {
    let browser = || vec![Tool::Chromium, Tool::Chromedriver];
    vec![
        tools::trial(
            "browser::a_board_built_by_clicks_is_solved_animated_verified_and_explained",
            browser(),
            a_board_built_by_clicks_is_solved_animated_verified_and_explained,
        ),
        tools::trial(
            "browser::the_stop_button_kills_the_worker",
            browser(),
            the_stop_button_kills_the_worker,
        ),
        tools::trial(
            "browser::a_tab_navigated_away_cancels_its_request_and_its_worker_is_killed",
            browser(),
            a_tab_navigated_away_cancels_its_request_and_its_worker_is_killed,
        ),
        tools::trial(
            "browser::a_closed_tab_cancels_its_request_and_its_worker_is_killed",
            browser(),
            a_closed_tab_cancels_its_request_and_its_worker_is_killed,
        ),
        tools::trial(
            "browser::a_generated_preset_is_asked_for_by_post_and_drawn",
            browser(),
            a_generated_preset_is_asked_for_by_post_and_drawn,
        ),
        tools::trial(
            "browser::the_page_fills_a_laptop_and_a_projector_screen",
            browser(),
            the_page_fills_a_laptop_and_a_projector_screen,
        ),
        tools::trial(
            "browser::a_pasted_board_is_custom_and_a_count_shows_its_time",
            browser(),
            a_pasted_board_is_custom_and_a_count_shows_its_time,
        ),
        tools::trial(
            "browser::a_pasted_puzzle_is_graded_and_its_hints_stepped_through_and_exported",
            browser(),
            a_pasted_puzzle_is_graded_and_its_hints_stepped_through_and_exported,
        ),
        tools::trial(
            "browser::a_200_by_200_board_is_solved_drawn_and_its_tour_verified",
            browser(),
            a_200_by_200_board_is_solved_drawn_and_its_tour_verified,
        ),
    ]
}
