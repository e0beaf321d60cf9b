fn main() {
    println!("crd-schema-fn: under construction");
}
