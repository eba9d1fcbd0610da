/** `array` with room for `length` items: itself when it has it, else a copy at least twice as long. */
export function grown<A extends Float64Array | Int32Array | Uint8Array | Uint16Array>(array: A, length: number): A {
  if (length <= array.length) return array;
  const next = new (array.constructor as new (length: number) => A)(Math.max(length, array.length * 2));
  next.set(array);
  return next;
}
