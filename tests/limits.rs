//! Hostile input through the real binary: kubectl's limits (alias expansion, nesting depth)
//! refused with kubectl's words, exit 2 and nothing on stdout; what kubectl accepts (5,000-deep
//! flow and JSON, 10,000-deep block) accepted and walked by every stage without a crash, in
//! every input form. The time and memory of the refusals are in benches/, not asserted here.

use crd_schema_fn::yaml::parse_stream;
use std::io::Write;
use std::process::{Command, Stdio};

struct Run {
    stdout: String,
    stderr: String,
    code: i32,
}

fn run(args: &[&str], stdin: &str) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_crd-schema-fn"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut pipe = child.stdin.take().unwrap();
    let input = stdin.to_string();
    let writer = std::thread::spawn(move || pipe.write_all(input.as_bytes()).ok());
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    Run {
        stdout: String::from_utf8(out.stdout).unwrap(),
        stderr: String::from_utf8(out.stderr).unwrap(),
        code: out.status.code().unwrap_or(-1),
    }
}

/// A refusal: exit 2, nothing on stdout, and stderr naming the limit and where it was hit.
fn assert_refused(r: &Run, message: &str, at: &str) {
    assert_eq!((r.code, r.stdout.as_str()), (2, ""), "{}", r.stderr);
    assert!(r.stderr.contains(message), "{}", r.stderr);
    assert!(r.stderr.contains(at), "{}", r.stderr);
}

/// A success: exit 0, and the output reads back.
fn assert_accepted(r: &Run) -> Vec<crd_schema_fn::yaml::Node> {
    assert_eq!(r.code, 0, "{}", r.stderr);
    parse_stream(&r.stdout).expect("the output reads back")
}

/// Runs `f` on a thread with a stack that takes 10,000-deep trees (the test's own walks and
/// drops of the output are recursive, as the binary's are; it runs them on such a thread too).
fn deep_stack(f: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new()
        .stack_size(1 << 30)
        .spawn(f)
        .unwrap()
        .join()
        .unwrap();
}

const ALIASES: &str = "document contains excessive aliasing";
const DEPTH: &str = "exceeded max depth of 10000";

#[test]
fn nested_alias_bomb_is_refused() {
    let mut doc = String::from("apiVersion: v1\nkind: ConfigMap\nmetadata: {name: lol}\n");
    doc.push_str("a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n");
    for i in 1..10 {
        let refs = vec![format!("*a{}", i - 1); 10].join(", ");
        doc.push_str(&format!("a{i}: &a{i} [{refs}]\n"));
    }
    let r = run(&[], &doc);
    assert_refused(&r, ALIASES, "document 0: line 7,");
}

#[test]
fn million_node_fan_out_is_refused() {
    let items = vec!["x"; 1000].join(", ");
    let refs = vec!["*a"; 1000].join(", ");
    let doc = format!(
        "apiVersion: v1\nkind: ConfigMap\nmetadata: {{name: fan}}\na: &a [{items}]\nb: [{refs}]\n"
    );
    let r = run(&[], &doc);
    // The 112th alias tips the ratio over 99%: 1,001 × 112 aliased of 1,014 + 1,002 × 112.
    assert_refused(&r, ALIASES, "document 0: line 5, column 449:");
    let list = format!(
        "kind: ResourceList\nitems:\n- {}",
        doc.replace('\n', "\n  ")
    );
    assert_refused(&run(&[], &list), ALIASES, "document 0: line 7, column 451:");
}

#[test]
fn aliases_kubectl_accepts_are_accepted() {
    let items = vec!["x"; 100].join(", ");
    let refs = vec!["*a"; 90].join(", ");
    let doc = format!(
        "apiVersion: v1\nkind: ConfigMap\nmetadata: {{name: ok}}\na: &a [{items}]\nb: [{refs}]\n"
    );
    let out = assert_accepted(&run(&[], &doc));
    let b = out[0].get("b").unwrap().as_seq().unwrap();
    assert_eq!(b.items.len(), 90);
    assert_eq!(b.items[89].as_seq().unwrap().items.len(), 100);
}

/// `depth` nested block sequences (`- - - x`) as the value of `key`, at column 0.
fn block(depth: usize) -> String {
    format!("{}x\n", "- ".repeat(depth))
}

#[test]
fn block_nesting_beyond_10000_is_refused() {
    deep_stack(|| {
        let doc = format!(
            "apiVersion: v1\nkind: ConfigMap\nmetadata: {{name: a}}\ndeep:\n{}",
            block(12_000)
        );
        assert_refused(&run(&[], &doc), DEPTH, "document 0: line 5,");
        let flow = format!("a: {}{}\n", "[".repeat(12_000), "]".repeat(12_000));
        assert_refused(&run(&[], &flow), DEPTH, "document 0: line 1");
        // JSON is refused by Go's decoder first (its own limit, its own words); the YAML
        // reading kubectl falls back to fails too, and the JSON cause is the one reported.
        let json = format!("{}1{}\n", r#"{"a":"#.repeat(12_000), "}".repeat(12_000));
        assert_refused(
            &run(&[], &json),
            "json: offset 50001: invalid character '{' exceeded max depth",
            "document 0: line 1, column 50001",
        );
    });
}

#[test]
fn deep_flow_and_json_kubectl_accepts_are_accepted() {
    deep_stack(|| {
        let flow = format!(
            "apiVersion: v1\nkind: ConfigMap\nmetadata: {{name: a}}\ndeep: {}x{}\n",
            "[".repeat(5_000),
            "]".repeat(5_000)
        );
        let out = assert_accepted(&run(&[], &flow));
        assert!(out[0]
            .get("deep")
            .unwrap()
            .content_eq(parse_stream(&flow).unwrap()[0].get("deep").unwrap()));
        let json = format!(
            r#"{{"apiVersion":"v1","kind":"ConfigMap","metadata":{{"name":"a"}},"deep":{}1{}}}"#,
            r#"{"a":"#.repeat(5_000),
            "}".repeat(5_000)
        );
        let out = assert_accepted(&run(&[], &json));
        assert_eq!(out.len(), 1);
    });
}

/// A CRD whose `spec` keeps unknown fields and defaults `spec.mode`, so pruning, defaulting
/// and ObjectMeta walk an object of any depth under it.
const CRD: &str = r#"apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: deeps.example.com}
spec:
  group: example.com
  names: {kind: Deep, plural: deeps}
  scope: Namespaced
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            x-kubernetes-preserve-unknown-fields: true
            properties:
              mode: {type: string, default: fast}
"#;

/// A custom resource with a 9,990-deep list under `spec.deep`, and a field to prune.
fn deep_cr() -> String {
    format!(
        "apiVersion: example.com/v1\nkind: Deep\nmetadata: {{name: d, namespace: ns}}\nextra: 1\nspec:\n  deep:\n{}",
        block(9_990)
            .lines()
            .map(|l| format!("  {l}\n"))
            .collect::<String>()
    )
}

fn check_deep_output(docs: &[crd_schema_fn::yaml::Node]) {
    let cr = docs
        .iter()
        .find(|d| d.get("kind").and_then(|k| k.scalar_str()) == Some("Deep"))
        .expect("the custom resource is written");
    assert!(cr.get("extra").is_none(), "pruned");
    let spec = cr.get("spec").unwrap();
    assert_eq!(spec.get("mode").and_then(|m| m.scalar_str()), Some("fast"));
    let mut node = spec.get("deep").unwrap();
    for _ in 0..9_990 {
        node = &node.as_seq().unwrap().items[0];
    }
    assert_eq!(node.scalar_str(), Some("x"));
}

#[test]
fn ten_thousand_deep_objects_go_through_every_stage_as_a_stream() {
    deep_stack(|| {
        let stream = format!("{CRD}---\n{}", deep_cr());
        let r = run(&["--diff"], &stream);
        check_deep_output(&assert_accepted(&r));
        assert!(r.stderr.contains("+  mode: fast"), "{}", r.stderr);
    });
}

#[test]
fn ten_thousand_deep_objects_go_through_every_stage_in_a_resource_list() {
    deep_stack(|| {
        let indent = |s: &str| s.replace('\n', "\n  ");
        let list = format!(
            "apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems:\n- {}\n- {}\nfunctionConfig:\n  apiVersion: v1\n  kind: ConfigMap\n  metadata: {{name: c}}\n  data: {{fieldValidation: Warn}}\n",
            indent(CRD).trim_end(),
            indent(&deep_cr()).trim_end()
        );
        let r = run(&[], &list);
        let out = assert_accepted(&r);
        let items = out[0].get("items").unwrap().as_seq().unwrap();
        check_deep_output(&items.items);
    });
}

#[test]
fn ten_thousand_deep_json_goes_through_every_stage() {
    deep_stack(|| {
        let crd = crd_schema_fn::yaml::json::to_json(&parse_stream(CRD).unwrap()[0]).unwrap();
        let cr = format!(
            r#"{{"apiVersion":"example.com/v1","kind":"Deep","metadata":{{"name":"d"}},"extra":1,"spec":{{"deep":{}"x"{}}}}}"#,
            "[".repeat(9_990),
            "]".repeat(9_990)
        );
        let list = format!(
            r#"{{"apiVersion":"config.kubernetes.io/v1","kind":"ResourceList","items":[{crd},{cr}]}}"#
        );
        let r = run(&[], &list);
        let out = assert_accepted(&r);
        check_deep_output(&out[0].get("items").unwrap().as_seq().unwrap().items);
    });
}
