//! The CEL library batches (`../shared/cel-library`: CRDs whose rules use every Kubernetes and
//! cel-go library, with objects that pass, fail and raise runtime errors) through the binary:
//! two runs of a batch give byte-identical output (no map order, no address, no clock leaks
//! in), and the apiserver's answers are met at least as often as when this test was written
//! (`../shared/tools/cel_library.py` reports the exact figures).

use crate::support::{ground, shared};

use serde_json::Value;
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

fn dir() -> PathBuf {
    shared().join("cel-library")
}

fn batches() -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            let name = p.file_name().unwrap().to_string_lossy().to_string();
            name.starts_with("batch-") && name.ends_with(".json") && !name.contains("expected")
        })
        .collect();
    out.sort();
    out
}

fn run(input: &[u8]) -> Vec<u8> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_crd-schema-fn"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    child.wait_with_output().unwrap().stdout
}

/// The item index a result names (`item-<k>.yaml`).
fn item(res: &Value) -> Option<usize> {
    let path = res["file"]["path"].as_str()?;
    path.strip_prefix("item-")?
        .strip_suffix(".yaml")?
        .parse()
        .ok()
}

#[test]
fn cel_library_batches_are_deterministic_and_answered_as_the_apiserver() {
    if !ground::present("cel_library_batches_are_deterministic_and_answered_as_the_apiserver") {
        return;
    }
    let (mut crd_same, mut crd_total, mut same, mut total) = (0, 0, 0, 0);
    // The refused CRDs whose error results say what the apiserver's errors say.
    let (mut said, mut refused_crds) = (0, 0);
    let all = batches();
    assert_eq!(all.len(), 15);
    for path in all {
        let input = std::fs::read(&path).unwrap();
        let first = run(&input);
        let second = run(&input);
        assert!(!first.is_empty(), "{}: no output", path.display());
        assert!(first == second, "{}: two runs differ", path.display());

        let out: Value = serde_yaml::from_slice(&first).unwrap();
        let rl: Value = serde_json::from_slice(&input).unwrap();
        let exp_path = path.with_file_name(
            path.file_name()
                .unwrap()
                .to_string_lossy()
                .replace(".json", ".expected.json"),
        );
        let exp: Value = serde_json::from_slice(&std::fs::read(exp_path).unwrap()).unwrap();
        let items = rl["items"].as_array().unwrap();
        let mut got: Vec<Vec<String>> = vec![Vec::new(); items.len()];
        let mut refused = vec![false; items.len()];
        for res in out["results"].as_array().into_iter().flatten() {
            let (Some(k), Some("error")) = (item(res), res["severity"].as_str()) else {
                continue;
            };
            refused[k] = true;
            got[k].push(res["message"].as_str().unwrap_or("").to_string());
        }
        let crd_of = |it: &Value| {
            items.iter().position(|c| {
                c["kind"] == "CustomResourceDefinition"
                    && c["spec"]["names"]["kind"] == it["kind"]
                    && it["apiVersion"]
                        .as_str()
                        .is_some_and(|v| v.starts_with(c["spec"]["group"].as_str().unwrap_or("")))
            })
        };
        for (k, it) in items.iter().enumerate() {
            let key = k.to_string();
            if it["kind"] == "CustomResourceDefinition" {
                crd_total += 1;
                let errors: Vec<&str> = exp["crds"][&key]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(Value::as_str)
                    .collect();
                let want = !errors.is_empty();
                crd_same += usize::from(want == refused[k]);
                if want {
                    refused_crds += 1;
                    let each = errors.iter().all(|e| got[k].iter().any(|m| m.contains(e)));
                    said += usize::from(each && errors.len() == got[k].len());
                }
                continue;
            }
            let unstable = exp["unstable"]
                .as_array()
                .is_some_and(|u| u.iter().any(|x| x.as_str() == Some(&key)));
            if unstable {
                continue;
            }
            total += 1;
            let crd_refused = crd_of(it).is_some_and(|c| {
                exp["crds"][c.to_string()]
                    .as_array()
                    .is_some_and(|a| !a.is_empty())
            });
            let want: Vec<String> = match crd_refused {
                true => Vec::new(),
                false => exp["objects"][&key]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .map(|m| m.as_str().unwrap_or("").to_string())
                    .collect(),
            };
            let mut have = got[k].clone();
            have.sort();
            same += usize::from(want == have);
        }
    }
    assert_eq!(crd_total, 600);
    assert_eq!(crd_same, crd_total, "crds refused alike");
    assert_eq!((said, refused_crds), (43, 43), "refused CRDs' messages");
    assert_eq!(same, total, "cel library identical");
}
