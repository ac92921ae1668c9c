use std::collections::{BTreeMap, BTreeSet};

use proptest::prelude::*;

use super::{VecMap, VecSet};

#[derive(Clone, Debug)]
enum Op {
    Insert(u8, u8),
    Remove(u8),
    Entry(u8),
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        (0u8..20, any::<u8>()).prop_map(|(k, v)| Op::Insert(k, v)),
        (0u8..20).prop_map(Op::Remove),
        (0u8..20).prop_map(Op::Entry),
    ]
}

proptest! {
    /// Any sequence of edits leaves the same entries, in the same order, as a BTreeMap.
    #[test]
    fn behaves_like_btreemap(ops in proptest::collection::vec(op(), 0..60)) {
        let (mut ours, mut theirs) = (VecMap::new(), BTreeMap::new());
        for op in ops {
            match op {
                Op::Insert(k, v) => prop_assert_eq!(ours.insert(k, v), theirs.insert(k, v)),
                Op::Remove(k) => prop_assert_eq!(ours.remove(&k), theirs.remove(&k)),
                Op::Entry(k) => {
                    let o = ours.entry(k).or_default();
                    *o = u8::wrapping_add(*o, 1);
                    let t = theirs.entry(k).or_default();
                    *t = u8::wrapping_add(*t, 1);
                }
            }
            prop_assert!(ours.iter().eq(theirs.iter()));
            prop_assert_eq!(ours.len(), theirs.len());
        }
        for k in 0..20u8 {
            prop_assert_eq!(ours.get(&k), theirs.get(&k));
            prop_assert_eq!(ours.contains_key(&k), theirs.contains_key(&k));
        }
    }

    #[test]
    fn set_behaves_like_btreeset(items in proptest::collection::vec((any::<bool>(), -5i64..5), 0..40)) {
        let (mut ours, mut theirs) = (VecSet::new(), BTreeSet::new());
        for (add, v) in items {
            if add {
                prop_assert_eq!(ours.insert(v), theirs.insert(v));
            } else {
                prop_assert_eq!(ours.remove(&v), theirs.remove(&v));
            }
            prop_assert!(ours.iter().eq(theirs.iter()));
            prop_assert_eq!(ours.contains(&0), theirs.contains(&0));
        }
    }
}

#[test]
fn string_keys_are_found_by_str_and_later_pairs_win() {
    let map: VecMap<String, u32> = [
        ("b".to_string(), 1),
        ("a".to_string(), 2),
        ("b".to_string(), 3),
    ]
    .into();
    assert_eq!(map.get("b"), Some(&3));
    assert_eq!(map["a"], 2);
    assert_eq!(map.keys().collect::<Vec<_>>(), ["a", "b"]);
}

#[test]
fn serde_shapes_match_btreemap_and_btreeset() {
    let map: VecMap<String, Vec<u8>> =
        [("z".to_string(), vec![1]), ("a".to_string(), vec![])].into();
    let reference: BTreeMap<String, Vec<u8>> = map.clone().into_iter().collect();
    assert_eq!(
        serde_json::to_string(&map).unwrap(),
        serde_json::to_string(&reference).unwrap()
    );
    assert_eq!(
        serde_json::from_str::<VecMap<String, Vec<u8>>>(r#"{"z":[1],"a":[]}"#).unwrap(),
        map
    );
    // A repeated key keeps its last value, as BTreeMap's Deserialize does.
    assert_eq!(
        serde_json::from_str::<VecMap<String, Vec<u8>>>(r#"{"z":[9],"a":[],"z":[1]}"#).unwrap(),
        map
    );
    let set: VecSet<i64> = [3, -1, 3].into_iter().collect();
    assert_eq!(serde_json::to_string(&set).unwrap(), "[-1,3]");
    assert_eq!(serde_json::from_str::<VecSet<i64>>("[3,-1]").unwrap(), set);
    assert_eq!(
        crate::json::to_string(&map).as_deref(),
        Some(r#"{"a":[],"z":[1]}"#)
    );
}
