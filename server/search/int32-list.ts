/** An Int32Array that grows by doubling: millions of numbers without a JS array's garbage. */
export class Int32List {
  values = new Int32Array(1024);
  length = 0;
  push(value: number): void {
    if (this.length === this.values.length) {
      const grown = new Int32Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.length++] = value;
  }
  get used(): Int32Array {
    return this.values.subarray(0, this.length);
  }
}
