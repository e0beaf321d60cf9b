use super::*;
use crate::yaml::read::Pos;

fn span() -> Span {
    let at = |offset| Pos {
        offset,
        line: 1,
        column: 1,
    };
    Span {
        start: at(0),
        end: at(10),
    }
}

/// A tree as text: scalars with their style, collections in flow.
fn show(n: &RNode) -> String {
    match &n.kind {
        Kind::Scalar { value, style, .. } => match style {
            Style::Double => format!("{value:?}"),
            _ => value.clone(),
        },
        Kind::Seq { items, .. } => {
            let items: Vec<_> = items.iter().map(show).collect();
            format!("[{}]", items.join(","))
        }
        Kind::Map { entries, .. } => {
            let entries: Vec<_> = entries
                .iter()
                .map(|(k, v)| format!("{}:{}", show(k), show(v)))
                .collect();
            format!("{{{}}}", entries.join(","))
        }
    }
}

#[derive(Default)]
struct Recorder {
    told: Vec<String>,
    refuse: Option<usize>,
}

impl ItemSink for Recorder {
    fn opened(&mut self, anchored: bool, flow: bool, spanned: bool) {
        self.told
            .push(format!("opened {anchored} {flow} {spanned}"));
    }

    fn item(&mut self, item: RNode) -> Result<(), crate::yaml::read::decode::DecodeError> {
        if self.refuse == Some(self.told.len() - 1) {
            return Err(crate::yaml::read::decode::DecodeError::Merge);
        }
        self.told.push(show(&item));
        Ok(())
    }

    fn end(&mut self, at: usize) {
        self.told.push(format!("end {at}"));
    }
}

/// Values as encoding/json reads them: numbers as serde_json writes what it read, a repeated
/// key in its first place with its last value, the escapes the YAML grammar refuses decoded.
#[test]
fn values_read_as_encoding_json_reads_them() {
    let table = [
        (
            r#" {"b": 1, "a": [1.0, 1e2, -0, 18446744073709551615, 18446744073709551616, -5]} "#,
            r#"{"b":1,"a":[1.0,100.0,-0.0,18446744073709551615,1.8446744073709552e+19,-5]}"#,
        ),
        (
            r#"{"a": "x\/y\ud83d\udd53", "b": null, "a": true, "c": {}}"#,
            r#"{"a":true,"b":null,"c":{}}"#,
        ),
        (r#"["\u00e9\/", false]"#, r#"["é/",false]"#),
        (r#""\ud83d\udd53""#, r#""🕓""#),
    ];
    for (text, want) in table {
        let root = read(text, span(), None, text.len()).expect(text);
        assert_eq!(show(&root), want, "{text}");
    }
    for bad in [
        r#"{"a": 1,}"#,
        r#"{"a": "\ud800"}"#,
        "[1] 2",
        &"[".repeat(200),
    ] {
        assert_eq!(
            read(bad, span(), None, 0).err(),
            Some(Stop::Syntax),
            "{bad}"
        );
    }
}

/// With a sink, the root's `items` go to it one by one and stay empty in the tree; other
/// arrays, and `items` anywhere else, stay in the tree.
#[test]
fn root_items_go_to_the_sink() {
    let text = r#"{"kind": "List", "items": [{"a": "\/"}, [2], 3], "x": {"items": [4]}}"#;
    let mut sink = Recorder::default();
    let root = read(text, span(), Some(&mut sink), 99).unwrap();
    assert_eq!(
        show(&root),
        r#"{"kind":"List","items":[],"x":{"items":[4]}}"#
    );
    assert_eq!(
        sink.told,
        [
            "opened false true false",
            r#"{"a":"/"}"#,
            "[2]",
            "3",
            "end 99"
        ]
    );
    let mut sink = Recorder::default();
    let root = read(r#"{"items": 5}"#, span(), Some(&mut sink), 0).unwrap();
    assert_eq!(show(&root), r#"{"items":5}"#);
    assert!(sink.told.is_empty());
    let mut sink = Recorder {
        refuse: Some(1),
        ..Recorder::default()
    };
    let refused = read(r#"{"items": [1, 2, 3]}"#, span(), Some(&mut sink), 0);
    assert_eq!(refused.err(), Some(Stop::Refused));
    assert_eq!(sink.told, ["opened false true false", "1"]);
}
