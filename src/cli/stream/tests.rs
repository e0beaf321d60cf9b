//! The streamed run against the whole-input run, on every golden case of `testdata/`: whenever
//! the streamed run answers, its answer (stdout, stderr, exit code) is the whole-input one, and
//! the common forms do stream.

use super::super::{whole, ConfigFile, Flags};
use crate::resourcelist::json::Layout;
use crate::yaml::Node;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Flags with `--diff` when `diff`, nothing else.
fn flags(diff: bool) -> Flags {
    Flags {
        config_file: None,
        diff,
        previous: Vec::new(),
        jobs: None,
        kubernetes_version: None,
    }
}

/// The streamed run, its stderr all in `stderr` (as [`crate::cli::run`] gives it).
fn streamed(
    flags: &Flags,
    input: &str,
    config: Option<&ConfigFile>,
    json: Option<Layout>,
) -> Option<Result<(super::super::Execution, bool), super::super::FatalError>> {
    let text = input.strip_prefix('\u{feff}').unwrap_or(input);
    let items = json
        .and_then(|_| crate::yaml::read::split::first_json_value_items(text))
        .and_then(|(_, items)| items);
    let Ok(done) = super::run(flags, input, config, json, items) else {
        panic!("elements read checked are never unchecked");
    };
    let done = done?;
    Some(done.map(|(e, json)| (e.with_stderr_rendered(), json)))
}

/// The streamed run writing YAML.
fn yaml_run(
    flags: &Flags,
    input: &str,
    config: Option<&ConfigFile>,
) -> Option<Result<super::super::Execution, super::super::FatalError>> {
    let done = streamed(flags, input, config, None)?;
    Some(done.map(|(e, json)| {
        assert!(!json);
        e
    }))
}

fn case(dir: &Path) -> Option<(Flags, String, Option<ConfigFile>)> {
    let input = ["input.yaml", "input.json"]
        .iter()
        .find_map(|f| std::fs::read_to_string(dir.join(f)).ok())?;
    let args = std::fs::read_to_string(dir.join("args")).unwrap_or_default();
    let mut flags = flags(false);
    let mut config = None;
    for a in args.split_whitespace() {
        if a == "--diff" {
            flags.diff = true;
        } else {
            let path = dir.join(a);
            let text = std::fs::read_to_string(&path).ok()?;
            flags.config_file = Some(path.clone());
            config = Some(ConfigFile::new(path, text, None));
        }
    }
    Some((flags, input, config))
}

/// Every golden case of `testdata/` that [`case`] reads, by folder name.
fn cases() -> Vec<(PathBuf, Flags, String, Option<ConfigFile>)> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("testdata");
    let mut dirs: Vec<_> = std::fs::read_dir(&root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    dirs.sort();
    dirs.into_iter()
        .filter_map(|dir| {
            let (flags, input, config) = case(&dir)?;
            Some((dir, flags, input, config))
        })
        .collect()
}

#[test]
fn streamed_runs_answer_as_the_whole_input_run() {
    let mut streamed = Vec::new();
    for (dir, flags, input, config) in cases() {
        let Some(got) = yaml_run(&flags, &input, config.as_ref()) else {
            continue;
        };
        let want = whole(&flags, &input, config.as_ref(), None);
        let (got, want) = match (got, want) {
            (Ok(got), Ok(want)) => (got, want),
            (Err(a), Err(b)) => {
                assert_eq!(a.to_string(), b.to_string(), "{}", dir.display());
                continue;
            }
            (got, want) => panic!("{}: {got:?} but {want:?}", dir.display()),
        };
        assert_eq!(
            got.stdout.to_string(&input),
            want.stdout.to_string(&input),
            "{}",
            dir.display()
        );
        assert_eq!(got.stderr, want.stderr, "{}", dir.display());
        assert_eq!(got.code, want.code, "{}", dir.display());
        streamed.push(dir.file_name().unwrap().to_string_lossy().to_string());
    }
    eprintln!("streamed: {streamed:?}");
    for name in [
        "resourcelist-basic",
        "stream-mode",
        "list-mode",
        "legacy-plugin",
        "kpt-eval-fnconfig",
        "existing-results",
        "fidelity-defaults",
        "fidelity-passthrough",
        "fidelity-flow",
    ] {
        assert!(streamed.iter().any(|s| s == name), "{name} did not stream");
    }
}

/// The items of `resourcelist-basic` (text of each `- ` entry) and the lines after them.
fn basic_items() -> (Vec<String>, String) {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("testdata/resourcelist-basic");
    let text = std::fs::read_to_string(root.join("input.yaml")).unwrap();
    let body = text.split_once("items:\n").unwrap().1;
    let mut items: Vec<String> = Vec::new();
    let mut tail = String::new();
    for line in body.lines() {
        if line.starts_with("- ") {
            items.push(String::new());
        } else if !line.starts_with(' ') {
            tail.push_str(line);
            tail.push('\n');
            continue;
        }
        let item = items.last_mut().unwrap();
        item.push_str(line);
        item.push('\n');
    }
    (items, tail)
}

fn same_answer(input: &str, diff: bool) {
    let flags = flags(diff);
    let got = yaml_run(&flags, input, None)
        .unwrap_or_else(|| panic!("did not stream:\n{input}"))
        .unwrap();
    let want = whole(&flags, input, None, None).unwrap();
    assert_eq!(
        got.stdout.to_string(input),
        want.stdout.to_string(input),
        "{input}"
    );
    assert_eq!(got.stderr, want.stderr, "{input}");
    assert_eq!(got.code, want.code);
}

#[test]
fn custom_resources_before_their_crd_are_processed_at_the_end() {
    let (mut items, tail) = basic_items();
    items.rotate_left(1);
    let list = format!(
        "apiVersion: v1\nkind: ResourceList\nitems:\n{}{tail}",
        items.concat()
    );
    same_answer(&list, false);
    same_answer(&list, true);
    let stream: Vec<String> = items
        .iter()
        .map(|i| i.replacen("- ", "", 1).replace("\n  ", "\n"))
        .collect();
    same_answer(&stream.join("---\n"), true);
    let list = format!("kind: List\napiVersion: v1\nitems:\n{}", items.concat());
    same_answer(&list, false);
}

#[test]
fn function_config_after_the_items_is_used() {
    let (items, _) = basic_items();
    let list = format!(
        "apiVersion: v1\nkind: ResourceList\nitems:\n{}functionConfig:\n  apiVersion: v1\n  kind: ConfigMap\n  data:\n    fieldValidation: Strict\n    default: \"false\"\nresults: []\n",
        items.concat()
    );
    same_answer(&list, false);
    let flags = flags(false);
    assert_eq!(yaml_run(&flags, &list, None).unwrap().unwrap().code, 1);
}

#[test]
fn a_crd_after_items_processed_with_a_file_schema_streams_again() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("testdata/conflict-items-wins");
    let text = std::fs::read_to_string(dir.join("input.yaml")).unwrap();
    // Relative to the working directory (cargo runs tests in the package's folder): a config's
    // paths stay inside it.
    let swagger = "testdata/conflict-items-wins/widget-swagger.json";
    let text = text.replace("- widget-swagger.json", &format!("- {swagger}"));
    let flags = flags(false);
    // As written (the CRD first), the file schema loses and the run streams.
    same_answer(&text, false);
    // The Widget first: it would be processed with the file's schema, which the CRD among the
    // items (read later) overrides, so the streamed run streams again, knowing
    // every CRD of the items from the start, and answers as the whole-input run.
    let body = text.split_once("items:\n").unwrap().1;
    let (items, tail) = body.split_at(body.find("\nfunctionConfig:").unwrap() + 1);
    let at = items.find("\n- apiVersion: example.com/v1").unwrap() + 1;
    let swapped = format!(
        "apiVersion: v1\nkind: ResourceList\nitems:\n{}{}{tail}",
        &items[at..],
        &items[..at]
    );
    same_answer(&swapped, false);
    let whole_run = whole(&flags, &swapped, None, None).unwrap();
    assert!(
        whole_run.stderr.contains("the CRD among the items wins"),
        "{}",
        whole_run.stderr
    );
}

#[test]
fn one_line_flow_items_answer_as_the_whole_input_run() {
    let crd = "{apiVersion: apiextensions.k8s.io/v1, kind: CustomResourceDefinition, \
        metadata: {name: widgets.example.com}, spec: {group: example.com, \
        names: {kind: Widget, plural: widgets}, scope: Namespaced, versions: [{name: v1, \
        served: true, storage: true, schema: {openAPIV3Schema: {type: object, properties: \
        {spec: {type: object, properties: {tags: {type: array, items: {type: string}}, \
        size: {type: integer, default: 1}}}}}}}]}}";
    let w =
        "{apiVersion: example.com/v1, kind: Widget, metadata: {name: w}, spec: {tags: [a], x: 1}}";
    let head = "apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems:";
    for items in [
        format!("\n- {crd}\n- {w}\n- {w}\n"),
        format!(" [{crd}, {w}, {w}]\n"),
        format!(" [{crd},\n  {w},\n  {w}]\n"),
    ] {
        same_answer(&format!("{head}{items}"), false);
    }
    same_answer(&format!("{crd}\n---\n{w}\n---\n{w}\n"), true);
}

#[test]
fn json_with_a_function_config_is_found_before_the_items() {
    let (items, _) = basic_items();
    let list = format!(
        "apiVersion: v1\nkind: ResourceList\nitems:\n{}functionConfig:\n  apiVersion: v1\n  kind: ConfigMap\n  data:\n    fieldValidation: Strict\n",
        items.concat()
    );
    let doc = one_line_json(&list);
    let guess = crate::resourcelist::stream::prescan_json_function_config(&doc).unwrap();
    assert_eq!(
        guess.get("kind").and_then(Node::scalar_str),
        Some("ConfigMap")
    );
    same_answer(&doc, false);
    let flags = flags(false);
    assert_eq!(same_json_answer(&list, &flags, None, "functionConfig"), 2);
    // The functionConfig (Strict) was used: pruned fields are errors.
    assert_eq!(yaml_run(&flags, &doc, None).unwrap().unwrap().code, 1);
    let (done, json) = streamed(&flags, &doc, None, Some(Layout::Compact))
        .unwrap()
        .unwrap();
    assert!(json);
    assert_eq!(done.code, 1);
    // A guess that is not the real one (a second `functionConfig` key after it) is run again
    // with the real one.
    let twice = doc.replacen(
        "{",
        r#"{"functionConfig":{"apiVersion":"v1","kind":"ConfigMap","data":{"fieldValidation":"Ignore"}},"#,
        1,
    );
    let want = whole_in_json(&flags, &twice, None, Layout::Compact);
    let got = streamed(&flags, &twice, None, Some(Layout::Compact))
        .unwrap()
        .map(|(done, _)| (done.stdout.to_string(&twice), done.stderr, done.code))
        .map_err(|e| e.to_string());
    assert_eq!(got, want);
}

/// A JSON list's functionConfig is taken from its shell, before its items are read: wherever
/// it is in the root object (before or after `items`, not there, not an object, its key also
/// in an item, twice), the streamed JSON answer is the whole-input run's, and a Strict config
/// is used (pruned fields are errors).
#[test]
fn a_json_lists_function_config_comes_from_its_shell() {
    let (items, _) = basic_items();
    let items = items.concat();
    let strict = "functionConfig:\n  apiVersion: v1\n  kind: ConfigMap\n  data:\n    fieldValidation: Strict\n";
    let head = "apiVersion: v1\nkind: ResourceList\n";
    let with_key_in_item = items.replacen(
        "  metadata:\n",
        "  functionConfig: {a: 1}\n  metadata:\n",
        1,
    );
    assert_ne!(with_key_in_item, items);
    let lists = [
        format!("{head}items:\n{items}{strict}"),
        format!("{head}{strict}items:\n{items}"),
        format!("{head}items:\n{items}"),
        format!("{head}items:\n{items}functionConfig: 5\n"),
        format!("{head}items:\n{with_key_in_item}{strict}"),
        format!("{head}items:\n{with_key_in_item}"),
    ];
    let flags = flags(false);
    // Not an object: no config reads from it, and the whole-input run answers (with its error).
    let streams = [2, 2, 2, 0, 2, 2];
    for (i, list) in lists.iter().enumerate() {
        let n = same_json_answer(list, &flags, None, "functionConfig");
        assert_eq!(n, streams[i], "{i}");
    }
    let doc = one_line_json(&lists[0]);
    let (done, json) = streamed(&flags, &doc, None, Some(Layout::Compact))
        .unwrap()
        .unwrap();
    assert!(json);
    assert_eq!(done.code, 1);
    let doc = one_line_json(&lists[2]);
    assert_eq!(
        streamed(&flags, &doc, None, Some(Layout::Compact))
            .unwrap()
            .unwrap()
            .0
            .code,
        0
    );
}

/// `yaml` as one line of JSON.
fn one_line_json(yaml: &str) -> String {
    let doc = crate::yaml::parse_stream(yaml).unwrap().remove(0);
    crate::yaml::json::to_json(&doc).unwrap().to_string()
}

#[test]
fn an_invalid_item_stops_the_streamed_run_with_the_whole_input_error() {
    let (items, tail) = basic_items();
    let list = format!(
        "apiVersion: v1\nkind: ResourceList\nitems:\n{}- kind: NoApiVersion\n  metadata: {{name: x}}\n{tail}",
        items.concat()
    );
    let flags = flags(false);
    let got = yaml_run(&flags, &list, None).expect("streamed");
    let want = whole(&flags, &list, None, None).unwrap_err().to_string();
    assert_eq!(got.unwrap_err().to_string(), want);
    assert!(want.contains("items[3]: apiVersion: missing"), "{want}");
    // With a syntax error after it, the whole-input run answers (it reports the syntax error).
    let broken = format!("{list}bad: [\n");
    assert!(yaml_run(&flags, &broken, None).is_none());
}

/// `../shared/<sub>`, the shared ground truth beside the repository; `None` in a fresh clone,
/// after the `SKIPPED` line for `test` (CI fails on one).
fn shared(sub: &str, test: &str) -> Option<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared")
        .join(sub);
    if dir.is_dir() {
        return Some(dir);
    }
    let _ = writeln!(
        std::io::stderr(),
        "SKIPPED {test}: ../shared (the shared ground truth) is not beside the repository"
    );
    None
}

/// `--previous` streams: on every hand-written update case of `../shared/updates/cases` (a
/// YAML stream of NEW against OLD), the streamed answer is the whole-input one.
#[test]
fn updates_stream_with_the_whole_input_answer() {
    let Some(dir) = shared(
        "updates/cases",
        "updates_stream_with_the_whole_input_answer",
    ) else {
        return;
    };
    let mut news: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("../shared/updates/cases")
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().ends_with(".new.yaml"))
        .collect();
    news.sort();
    let mut streamed = 0;
    for new in &news {
        let old = PathBuf::from(new.to_string_lossy().replace(".new.yaml", ".old.yaml"));
        let input = std::fs::read_to_string(new).unwrap();
        let flags = Flags {
            config_file: None,
            diff: true,
            previous: vec![old],
            jobs: None,
            kubernetes_version: None,
        };
        let got = yaml_run(&flags, &input, None)
            .unwrap_or_else(|| panic!("{} did not stream", new.display()))
            .unwrap();
        let want = whole(&flags, &input, None, None).unwrap();
        assert_eq!(
            got.stdout.to_string(&input),
            want.stdout.to_string(&input),
            "{}",
            new.display()
        );
        assert_eq!(got.stderr, want.stderr, "{}", new.display());
        assert_eq!(got.code, want.code, "{}", new.display());
        streamed += 1;
    }
    assert!(streamed >= 20, "{streamed} cases");
}

/// `yaml` (a stream) as JSON in `layout`: each non-null document as one JSON value and a line
/// break; `None` when a document has no JSON form or the text does not read.
fn as_json(yaml: &str, layout: Layout) -> Option<String> {
    let mut out = String::new();
    for doc in crate::yaml::parse_stream(yaml).ok()? {
        if doc.is_null() {
            continue;
        }
        let v = crate::yaml::json::to_json(&doc).ok()?;
        match layout {
            Layout::Compact => out.push_str(&v.to_string()),
            Layout::Pretty => out.push_str(&serde_json::to_string_pretty(&v).unwrap()),
        }
        out.push('\n');
    }
    Some(out)
}

/// The JSON answer of the whole-input run.
fn whole_in_json(
    flags: &Flags,
    input: &str,
    config: Option<&ConfigFile>,
    layout: Layout,
) -> Result<(String, String, i32), String> {
    let done = whole(flags, input, config, Some(layout)).map_err(|e| e.to_string())?;
    Ok(told(done, input))
}

/// What a run told: its stdout (of `input`), stderr and exit code.
fn told(done: super::super::Execution, input: &str) -> (String, String, i32) {
    (done.stdout.to_string(input), done.stderr, done.code)
}

/// On JSON input (`yaml` written as JSON, one line per document and indented), the streamed
/// run writes JSON as it goes, and gives the text the whole-input run's YAML converts to.
/// Returns how many of the two layouts were streamed and written as JSON.
fn same_json_answer(yaml: &str, flags: &Flags, config: Option<&ConfigFile>, what: &str) -> usize {
    let mut written = 0;
    for layout in [Layout::Compact, Layout::Pretty] {
        let Some(input) = as_json(yaml, layout) else {
            return 0;
        };
        if crate::resourcelist::json::json_layout(&input) != Some(layout) {
            continue;
        }
        let want = whole_in_json(flags, &input, config, layout);
        let Some(got) = streamed(flags, &input, config, Some(layout)) else {
            continue;
        };
        let (got, json) = match got {
            Ok((done, json)) => {
                let text = done.stdout.to_string(&input);
                (Ok((text, done.stderr, done.code)), json)
            }
            Err(e) => (Err(e.to_string()), false),
        };
        assert_eq!(got, want, "{what} ({layout:?}):\n{input}");
        written += usize::from(json);
    }
    written
}

/// Every golden case of `testdata/` given as JSON: the answer written as JSON while streaming
/// is the whole-input run's (see [`crate::resourcelist::json`]).
#[test]
fn json_written_as_it_streams_is_the_whole_input_answer() {
    let mut written = Vec::new();
    for (dir, flags, input, config) in cases() {
        let name = dir.file_name().unwrap().to_string_lossy().to_string();
        if same_json_answer(&input, &flags, config.as_ref(), &name) == 2 {
            written.push(name);
        }
    }
    eprintln!("written as JSON: {written:?}");
    for name in [
        "resourcelist-basic",
        "stream-mode",
        "list-mode",
        "existing-results",
        "fidelity-defaults",
        "validation-errors",
        "json-input",
    ] {
        assert!(
            written.iter().any(|s| s == name),
            "{name} not written as JSON"
        );
    }
}

/// The same on lists the golden cases lack: custom resources before their CRD (processed at
/// the end: a second pass, as JSON is not read back), and a stream of documents with the CRD
/// last.
#[test]
fn json_streams_custom_resources_before_their_crd() {
    let flags = flags(true);
    let (mut items, tail) = basic_items();
    let head = "apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems:\n";
    let list = format!("{head}{}{tail}", items.concat());
    assert_eq!(same_json_answer(&list, &flags, None, "basic"), 2);
    items.rotate_left(1);
    let rotated = format!("{head}{}{tail}", items.concat());
    assert_eq!(same_json_answer(&rotated, &flags, None, "rotated"), 2);
    let stream: Vec<String> = items
        .iter()
        .map(|i| {
            let lines: Vec<&str> = i.lines().collect();
            let doc: Vec<String> = lines.iter().map(|l| l[2..].to_string()).collect();
            doc.join("\n") + "\n"
        })
        .collect();
    let stream = stream.join("---\n");
    assert_eq!(same_json_answer(&stream, &flags, None, "stream"), 2);
}

/// Every project of the corpus (`../shared/conformance`: its CRDs, then its samples) as a JSON
/// ResourceList, on one line and indented: streamed and written as JSON, and the same text as
/// the whole-input run's YAML converted; at 4 threads, its items found by their brackets and
/// read on the threads (`yaml::parse::ahead::split_json`).
#[test]
fn the_corpus_as_json_is_written_as_the_whole_input_answer() {
    let test = "the_corpus_as_json_is_written_as_the_whole_input_answer";
    let Some(dir) = shared("conformance", test) else {
        return;
    };
    let mut confs: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    confs.sort();
    let shared = dir.parent().unwrap();
    let flags = Flags {
        jobs: Some(4),
        ..flags(false)
    };
    let mut written = 0;
    for conf in &confs {
        let conf: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(conf).unwrap()).unwrap();
        let mut files: Vec<&str> = conf["crdFiles"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| f.as_str().unwrap())
            .collect();
        for r in conf["resources"].as_array().unwrap() {
            let f = r["file"].as_str().unwrap();
            if !files.contains(&f) {
                files.push(f);
            }
        }
        let mut items = String::new();
        for f in files {
            let text = std::fs::read_to_string(shared.join(f)).unwrap();
            for doc in crate::yaml::parse_stream(&text).unwrap() {
                if !doc.is_null() {
                    crate::yaml::emit_seq_item(&doc, &mut items);
                }
            }
        }
        let list =
            format!("apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems:\n{items}");
        let project = conf["project"].as_str().unwrap();
        for layout in [Layout::Compact, Layout::Pretty] {
            let json = as_json(&list, layout).unwrap();
            let split = crate::yaml::parse::ahead::split_json(&json);
            let shell = split.and_then(|s| crate::yaml::parse::ahead::shell_json(&json, &s));
            assert!(shell.is_some(), "{project} ({layout:?}): not read ahead");
        }
        written += same_json_answer(&list, &flags, None, project);
    }
    assert!(confs.len() >= 30, "{} projects", confs.len());
    assert_eq!(
        written,
        2 * confs.len(),
        "every project written as JSON in both layouts"
    );
}

/// A JSON list holding an escape the YAML grammar refuses (a surrogate pair's, `\/`) streams
/// and is written as JSON, as the same list without the escape is: item by item, its numbers
/// in the same form (`100.0` stays a double), and as the whole-input run writes it.
#[test]
fn json_with_escapes_yaml_refuses_streams() {
    let flags = flags(false);
    let answer = |escape: &str| {
        let input = format!(
            r#"{{"apiVersion":"config.kubernetes.io/v1","kind":"ResourceList","items":[{{"apiVersion":"v1","kind":"ConfigMap","metadata":{{"name":"a"}},"data":{{"k":"{escape}"}},"n":[100.0,1e2,5]}},{{"apiVersion":"v1","kind":"ConfigMap","metadata":{{"name":"b"}}}}]}}"#
        );
        let (done, json) = streamed(&flags, &input, None, Some(Layout::Compact))
            .expect("streamed")
            .unwrap();
        assert!(json, "{escape}: written as JSON");
        let got = (done.stdout.to_string(&input), done.stderr, done.code);
        let whole = whole_in_json(&flags, &input, None, Layout::Compact);
        assert_eq!(Ok(got.clone()), whole, "{escape}");
        got
    };
    let plain = answer("x");
    assert!(plain.0.contains(r#""n":[100.0,100.0,5]"#), "{}", plain.0);
    for (escape, read) in [(r"\ud83d\udd53", "\u{1f553}"), (r"\/", "/")] {
        let (stdout, stderr, code) = answer(escape);
        let stdout = stdout.replace(&format!(r#""k":"{read}""#), r#""k":"x""#);
        assert_eq!((stdout, stderr, code), plain, "{escape}");
    }
}

/// The run's answer (stdout, stderr, exit code, or the error that stops it), a JSON list's
/// elements first found unchecked (or, with `check`, found by Go's scanner).
fn answer(
    flags: &Flags,
    input: &str,
    config: Option<&ConfigFile>,
    check: bool,
) -> Result<(String, String, i32), String> {
    let done = super::super::try_run(flags, input, config, check).map_err(|e| e.to_string())?;
    Ok(told(done.with_stderr_rendered(), input))
}

/// A JSON list whose elements are found by their brackets and read checked answers as its
/// checked reading does: every golden case as JSON, and a list with each kind of element that
/// does not read so (not JSON, an escape or a key the YAML grammar reads otherwise, what the
/// straight reading gives up on), before and after a plain one.
#[test]
fn elements_found_unchecked_answer_as_the_checked_reading() {
    let mut unchecked = 0;
    for (dir, flags, input, config) in cases() {
        for layout in [Layout::Compact, Layout::Pretty] {
            let Some(json) = as_json(&input, layout) else {
                continue;
            };
            let want = answer(&flags, &json, config.as_ref(), true);
            let got = answer(&flags, &json, config.as_ref(), false);
            assert_eq!(got, want, "{} ({layout:?})", dir.display());
            let found = crate::resourcelist::json::json_reading(&json, false);
            unchecked += usize::from(found.is_some_and(|(_, i)| i.is_some_and(|i| i.unchecked)));
        }
    }
    assert!(unchecked > 10, "{unchecked}");
    let (items, _) = basic_items();
    let list = format!(
        "apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems:\n{}",
        items.concat()
    );
    let doc = one_line_json(&list);
    let at = doc.find("\"metadata\":{").unwrap() + "\"metadata\":{".len();
    let deep = format!("\"d\":{}1{},", "[".repeat(200), "]".repeat(200));
    let long = format!("\"{}\":1,", "k".repeat(1001));
    let inserts = [
        "",
        "\"a\\/b\":\"x\",",
        "\"a\":\"\\ud83d\\ude00\",",
        "\"n\":18446744073709551615,",
        "\"<<\":{},",
        "\"t\":\"a\tb\",",
        "\"u\":\"\u{2028}\",",
        "\"x\":01,",
        "\"x\":1,,",
        "\"x\" 1,",
        "x:1,",
        "\"e\":\"\\q\",",
        &deep,
        &long,
    ];
    let flags = flags(false);
    for insert in inserts {
        let text = format!("{}{insert}{}", &doc[..at], &doc[at..]);
        let last = doc.rfind("\"metadata\":{").unwrap() + "\"metadata\":{".len();
        let late = format!("{}{insert}{}", &doc[..last], &doc[last..]);
        for text in [text, late] {
            let want = answer(&flags, &text, None, true);
            assert_eq!(answer(&flags, &text, None, false), want, "{text}");
        }
    }
    let found = crate::resourcelist::json::json_reading(&doc, false)
        .unwrap()
        .1;
    assert!(found.is_some_and(|i| i.unchecked && i.elements.len() == items.len()));
}

/// A CRD element written with `\u` escapes (as Go's encoding/json writes `<`, `>` and `&`) is
/// loaded from its JSON value and written as the writer writes it: the streamed answer is the
/// whole-input run's, and the same as for the list written without the escapes.
#[test]
fn a_crd_with_u_escapes_answers_as_without_them() {
    let flags = flags(false);
    let (items, tail) = basic_items();
    let head = "apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems:\n";
    let plain = as_json(&format!("{head}{}{tail}", items.concat()), Layout::Compact).unwrap();
    let list: serde_json::Value = serde_json::from_str(&plain).unwrap();
    let mut escaped = plain.clone();
    let mut crds = 0;
    for item in list["items"].as_array().unwrap() {
        if item["kind"] != "CustomResourceDefinition" {
            continue;
        }
        let text = item.to_string();
        assert!(text.contains('y'), "{text}");
        let with = text.replace('y', r"\u0079");
        assert_eq!(
            crate::yaml::json::value_as_read(&with).map(|(_, w)| w),
            Some(false)
        );
        escaped = escaped.replacen(&text, &with, 1);
        crds += 1;
    }
    assert!(crds > 0 && escaped != plain);
    let run = |input: &str| {
        let (done, json) = streamed(&flags, input, None, Some(Layout::Compact))
            .expect("streamed")
            .unwrap();
        assert!(json, "written as JSON");
        let got = (done.stdout.to_string(input), done.stderr, done.code);
        assert_eq!(
            Ok(got.clone()),
            whole_in_json(&flags, input, None, Layout::Compact)
        );
        got
    };
    assert_eq!(run(&escaped), run(&plain));
}
