// A jest environment for tests that drive onnxruntime-node (transformers.js):
// the native binding hands back typed arrays of the main realm, and
// transformers.js checks them with `instanceof` against the sandbox's
// constructors. Sharing the main realm's typed-array constructors makes
// those checks see what production sees. Only the files that ask for it
// (a @jest-environment docblock) run here.
const { TestEnvironment } = require('jest-environment-node');

const TYPED_ARRAYS = [
  'Int8Array',
  'Uint8Array',
  'Uint8ClampedArray',
  'Int16Array',
  'Uint16Array',
  'Int32Array',
  'Uint32Array',
  'Float32Array',
  'Float64Array',
  'BigInt64Array',
  'BigUint64Array',
];

class NativeTypedArraysEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of TYPED_ARRAYS) {
      this.global[name] = globalThis[name];
    }
  }
}

module.exports = NativeTypedArraysEnvironment;
