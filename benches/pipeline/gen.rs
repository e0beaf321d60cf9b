//! Generates benchmark ResourceLists from the corpus: every CRD document of the projects listed in
//! `../shared/conformance` (verbatim text), then N custom resources cycled from the samples that
//! match a CRD, each renamed and given unknown fields (one at the root, one in `spec`) to prune.

use serde_yaml::Value;
use std::collections::BTreeSet;
use std::path::Path;

pub struct Corpus {
    /// CRD documents, verbatim text.
    pub crd_docs: Vec<String>,
    /// Sample custom resources that match a corpus CRD.
    pub samples: Vec<Value>,
}

impl Corpus {
    pub fn load(shared: &Path) -> Self {
        let mut crd_files = BTreeSet::new();
        let mut samples = Vec::new();
        let mut confs: Vec<_> = std::fs::read_dir(shared.join("conformance"))
            .expect("read conformance")
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "json"))
            .collect();
        confs.sort();
        for conf in confs {
            let c: serde_json::Value =
                serde_json::from_str(&std::fs::read_to_string(&conf).unwrap()).unwrap();
            for f in c["crdFiles"].as_array().unwrap() {
                crd_files.insert(f.as_str().unwrap().to_string());
            }
            for r in c["resources"].as_array().unwrap() {
                if r.get("crd").is_none() {
                    continue;
                }
                let text =
                    std::fs::read_to_string(shared.join(r["file"].as_str().unwrap())).unwrap();
                let doc = r["document"].as_u64().unwrap() as usize;
                if let Some(v) = documents(&text).into_iter().nth(doc).flatten() {
                    samples.push(v);
                }
            }
        }
        let mut crd_docs = Vec::new();
        for f in &crd_files {
            let text = std::fs::read_to_string(shared.join(f)).unwrap();
            crd_docs.extend(split_documents(&text));
        }
        Corpus { crd_docs, samples }
    }

    /// The same corpus with every `x-kubernetes-validations` (CEL rules) taken out of the CRDs:
    /// the create validation without CEL.
    pub fn without_rules(&self) -> Corpus {
        let crd_docs = self
            .crd_docs
            .iter()
            .map(|doc| match serde_yaml::from_str::<Value>(doc) {
                Ok(mut v) => {
                    strip_rules(&mut v);
                    serde_yaml::to_string(&v).expect("CRD to YAML")
                }
                Err(_) => doc.clone(),
            })
            .collect();
        Corpus {
            crd_docs,
            samples: self.samples.clone(),
        }
    }

    pub fn crd_bytes(&self) -> usize {
        self.crd_docs.iter().map(String::len).sum()
    }

    /// A ResourceList with every CRD and `n` custom resources.
    pub fn resource_list(&self, n: usize) -> String {
        self.list(n, derive)
    }

    /// A ResourceList with every CRD and `n` custom resources made by `make` from the samples.
    fn list(&self, n: usize, make: fn(&Value, usize) -> Value) -> String {
        let mut out =
            String::from("apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems:\n");
        for doc in &self.crd_docs {
            push_item(&mut out, doc);
        }
        for i in 0..n {
            let item = make(&self.samples[i % self.samples.len()], i);
            push_item(&mut out, &serde_yaml::to_string(&item).unwrap());
        }
        out
    }
}

impl Corpus {
    /// [`Corpus::resource_list`] with every custom resource refused ([`derive_refused`]): a
    /// list whose results outweigh its changes.
    pub fn refused_list(&self, n: usize) -> String {
        self.list(n, derive_refused)
    }

    /// `n` custom resources as [`Corpus::resource_list`] derives them, each a YAML document.
    pub fn resources(&self, n: usize) -> Vec<String> {
        (0..n)
            .map(|i| {
                let item = derive(&self.samples[i % self.samples.len()], i);
                serde_yaml::to_string(&item).unwrap()
            })
            .collect()
    }
}

/// The function config appended to a list to measure it without validation.
pub const IGNORE_VALIDATION: &str = "functionConfig:\n  apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: bench\n  data:\n    validation: Ignore\n";

fn strip_rules(v: &mut Value) {
    match v {
        Value::Mapping(m) => {
            m.remove("x-kubernetes-validations");
            m.values_mut().for_each(strip_rules);
        }
        Value::Sequence(s) => s.iter_mut().for_each(strip_rules),
        _ => {}
    }
}

/// Every document of a YAML stream, as values (`None` where one does not parse).
fn documents(text: &str) -> Vec<Option<Value>> {
    serde_yaml::Deserializer::from_str(text)
        .map(|d| serde::Deserialize::deserialize(d).ok())
        .collect()
}

/// Splits a stream into its non-empty documents' text (CRD files are simple: `---` lines only).
fn split_documents(text: &str) -> Vec<String> {
    let mut docs = vec![String::new()];
    for line in text.lines() {
        if line.starts_with("---") {
            docs.push(String::new());
        } else if line != "..." {
            let d = docs.last_mut().unwrap();
            d.push_str(line);
            d.push('\n');
        }
    }
    docs.retain(|d| matches!(serde_yaml::from_str::<Value>(d), Ok(Value::Mapping(_))));
    docs
}

/// A renamed copy of a sample with an unknown root field and an unknown `spec` field.
pub fn derive(sample: &Value, i: usize) -> Value {
    let mut v = sample.clone();
    let Value::Mapping(m) = &mut v else { return v };
    if let Some(Value::Mapping(meta)) = m.get_mut("metadata") {
        let name = meta.get("name").and_then(Value::as_str).unwrap_or("bench");
        let name = format!("{name}-{i}");
        meta.insert("name".into(), name.into());
    }
    if let Some(Value::Mapping(spec)) = m.get_mut("spec") {
        spec.insert("benchTypo".into(), Value::from(i as u64));
    }
    m.insert(
        "benchUnknown".into(),
        serde_yaml::from_str("{a: 1, b: [x, y]}").unwrap(),
    );
    v
}

/// [`derive`] with a name and a label value the apiserver refuses: two error results besides
/// the two warnings for the pruned fields (and the sample's own errors, if any).
pub fn derive_refused(sample: &Value, i: usize) -> Value {
    let mut v = derive(sample, i);
    if let Some(Value::Mapping(meta)) = v.get_mut("metadata") {
        meta.insert("name".into(), format!("Bench_{i}").into());
        let labels = meta
            .entry("labels".into())
            .or_insert_with(|| Value::Mapping(Default::default()));
        if let Value::Mapping(labels) = labels {
            labels.insert("bench".into(), "not a label value!".into());
        }
    }
    v
}

/// The one-line JSON of the YAML stream `text`'s first document, as kubectl reads it (YAML
/// 1.1), non-ASCII characters written as they are: the same list in the form a script sends.
pub fn json_line(text: &str) -> String {
    let doc = crd_schema_fn::yaml::parse_stream(text)
        .expect("the list reads")
        .remove(0);
    let value = crd_schema_fn::yaml::json::to_json(&doc).expect("the list has a JSON form");
    value.to_string()
}

/// Appends a document's text as one sequence item of `items:`.
fn push_item(out: &mut String, doc: &str) {
    let mut first = true;
    for line in doc.lines() {
        if line.trim_start().starts_with('#') && first {
            continue;
        }
        out.push_str(if first { "- " } else { "  " });
        out.push_str(line);
        out.push('\n');
        first = false;
    }
}
