//! Field-change listing and the summary line; whole runs are golden cases (`tests/repo.rs`).

use super::apply::{field_changes, FieldChange, What};
use super::report::{summary, Totals};
use super::Mode;
use crate::yaml::parse_stream;

fn doc(text: &str) -> crate::yaml::Node {
    parse_stream(text).unwrap().remove(0)
}

#[test]
fn changes_are_named_by_field_path() {
    let before = doc("metadata: {name: a, creationTimestamp: null}\nspec:\n  colour: red\n  targets:\n  - volume: data\n  keep: ~\n  count: 1\n");
    let after = doc("metadata: {name: a}\nspec:\n  targets:\n  - volume: data\n    mode: Snapshot\n  keep: {last: 7}\n  count: 2\n  suspend: false\n");
    let got = field_changes(&before, &after);
    let c = |field: &str, what: What| FieldChange {
        field: field.to_string(),
        what,
    };
    assert_eq!(
        got,
        [
            c("metadata.creationTimestamp", What::Removed),
            c("spec.colour", What::Removed),
            c("spec.suspend", What::Added("false".into())),
            c("spec.targets[0].mode", What::Added("\"Snapshot\"".into())),
            c("spec.keep", What::Added("{\"last\":7}".into())),
            c("spec.count", What::Changed("1".into(), "2".into())),
        ]
    );
}

#[test]
fn summary_lines() {
    let clean = Totals {
        files: 2,
        resources: 3,
        processed: 1,
        ..Totals::default()
    };
    assert_eq!(
        summary(Mode::Check, &clean),
        "crd-schema-fn check: 2 files, 3 resources (1 with a schema): nothing would change\n"
    );
    let changed = Totals {
        changed: 1,
        uneditable: 1,
        removed: 1,
        added: 2,
        errors: 1,
        ..clean
    };
    assert_eq!(
        summary(Mode::Check, &changed),
        "crd-schema-fn check: 2 files, 3 resources (1 with a schema): 1 file would change (1 field removed, 2 added, 0 changed); `crd-schema-fn fix` changes it; 1 error\n"
    );
    assert_eq!(
        summary(Mode::Fix, &changed),
        "crd-schema-fn fix: 2 files, 3 resources (1 with a schema): 0 files changed (1 field removed, 2 added, 0 changed), 1 file left unchanged (cannot be edited in place); 1 error\n"
    );
}
