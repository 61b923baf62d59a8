import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * A sentence-transformer model small enough to write by hand: a BERT
 * WordPiece tokenizer over a few dozen words and an ONNX graph whose
 * last_hidden_state is each token's row of an embedding table, masked by
 * attention_mask. Words of one theme share a direction, so mean pooling
 * gives texts of one theme similar vectors: enough to test the real
 * transformers.js loading and pooling path end to end, offline.
 */

// --- a minimal protobuf writer (wire types 0 varint, 2 length-delimited) ---

function varint(value: number | bigint): number[] {
  let v = BigInt(value);
  const bytes: number[] = [];
  do {
    let byte = Number(v & 0x7fn);
    v >>= 7n;
    if (v > 0n) {
      byte |= 0x80;
    }
    bytes.push(byte);
  } while (v > 0n);
  return bytes;
}

const key = (field: number, wire: number) => varint((field << 3) | wire);
const int = (field: number, value: number) => [...key(field, 0), ...varint(value)];
const bytes = (field: number, payload: Uint8Array | number[]) => [
  ...key(field, 2),
  ...varint(payload.length),
  ...payload,
];
const str = (field: number, text: string) => bytes(field, [...Buffer.from(text, 'utf8')]);

const FLOAT = 1;
const INT64 = 7;

function tensor(name: string, dims: number[], type: number, raw: Buffer): number[] {
  return [
    ...dims.flatMap((d) => int(1, d)),
    ...int(2, type),
    ...str(8, name),
    ...bytes(9, [...raw]),
  ];
}

function valueInfo(name: string, type: number, dims: (number | string)[]): number[] {
  const shape = dims.flatMap((d) => bytes(1, typeof d === 'number' ? int(1, d) : str(2, d)));
  const tensorType = [...int(1, type), ...bytes(2, shape)];
  return [...str(1, name), ...bytes(2, bytes(1, tensorType))];
}

function node(
  op: string,
  inputs: string[],
  outputs: string[],
  attributes: number[][] = [],
): number[] {
  return [
    ...inputs.flatMap((i) => str(1, i)),
    ...outputs.flatMap((o) => str(2, o)),
    ...str(3, `${op}_${outputs[0]}`),
    ...str(4, op),
    ...attributes.flatMap((a) => bytes(5, a)),
  ];
}

/** AttributeProto `to` (type INT) for Cast. */
const castTo = (type: number) => [...str(1, 'to'), ...int(3, type), ...int(20, 2)];

/** The raw bytes of one INT64 value, as a one-element axes tensor holds it. */
function int64Bytes(value: bigint): Buffer {
  const raw = Buffer.alloc(8);
  raw.writeBigInt64LE(value);
  return raw;
}

/**
 * The nodes both graphs start with: each token's row of the `table`
 * initializer, zeroed where attention_mask is 0, named `output`. The graph
 * must also hold the `last_axis` constant (-1).
 */
function maskedRows(table: string, output: string): number[] {
  return [
    ...bytes(1, node('Gather', [table, 'input_ids'], ['gathered'])),
    ...bytes(1, node('Cast', ['attention_mask'], ['mask_float'], [castTo(FLOAT)])),
    ...bytes(1, node('Unsqueeze', ['mask_float', 'last_axis'], ['mask_3d'])),
    ...bytes(1, node('Mul', ['gathered', 'mask_3d'], [output])),
  ];
}

/** The graph inputs of a tokenized batch: input_ids and attention_mask. */
function tokenInputs(): number[] {
  return [
    ...bytes(11, valueInfo('input_ids', INT64, ['batch', 'sequence'])),
    ...bytes(11, valueInfo('attention_mask', INT64, ['batch', 'sequence'])),
  ];
}

function onnxModel(table: Float32Array, vocab: number, dim: number): Uint8Array {
  const graph = [
    ...maskedRows('embeddings', 'last_hidden_state'),
    ...str(2, 'tiny_sentence_model'),
    ...bytes(5, tensor('embeddings', [vocab, dim], FLOAT, Buffer.from(table.buffer))),
    ...bytes(5, tensor('last_axis', [1], INT64, int64Bytes(-1n))),
    ...tokenInputs(),
    ...bytes(12, valueInfo('last_hidden_state', FLOAT, ['batch', 'sequence', dim])),
  ];
  return modelOf(graph);
}

/** ModelProto: IR version 8, the graph, opset 13. */
function modelOf(graph: number[]): Uint8Array {
  return Uint8Array.from([
    ...int(1, 8),
    ...str(2, 'podcast-tests'),
    ...bytes(7, graph),
    ...bytes(8, [...str(1, ''), ...int(2, 13)]),
  ]);
}

const keepdims = (value: number) => [...str(1, 'keepdims'), ...int(3, value), ...int(20, 2)];

/**
 * A sequence classifier: each token's row of a [vocab, 3] table, masked and
 * summed over the sequence, is the pair's three logits.
 */
function onnxClassifier(table: Float32Array, vocab: number, labels: number): Uint8Array {
  const graph = [
    ...maskedRows('weights', 'masked'),
    ...bytes(1, node('ReduceSum', ['masked', 'sequence_axis'], ['logits'], [keepdims(0)])),
    ...str(2, 'tiny_nli_model'),
    ...bytes(5, tensor('weights', [vocab, labels], FLOAT, Buffer.from(table.buffer))),
    ...bytes(5, tensor('last_axis', [1], INT64, int64Bytes(-1n))),
    ...bytes(5, tensor('sequence_axis', [1], INT64, int64Bytes(1n))),
    ...tokenInputs(),
    ...bytes(12, valueInfo('logits', FLOAT, ['batch', labels])),
  ];
  return modelOf(graph);
}

// --- the vocabulary, by theme ---

export const THEMES: Record<string, string[]> = {
  sleep: [
    'sleep',
    'insomnia',
    'nap',
    'napping',
    'apnea',
    'circadian',
    'rhythm',
    'tired',
    'bedtime',
    'dream',
  ],
  battery: [
    'battery',
    'charging',
    'lithium',
    'cell',
    'cells',
    'voltage',
    'electric',
    'car',
    'range',
    'fast',
  ],
  water: [
    'flood',
    'flooding',
    'sewer',
    'drain',
    'drainage',
    'rain',
    'storm',
    'culvert',
    'pavement',
    'river',
  ],
};
const FILLER = ['the', 'and', 'of', 'a', 'is', 'about', 'on', 'with', 'in', 'to'];
const SPECIAL = ['[PAD]', '[UNK]', '[CLS]', '[SEP]'];

function tokenizerJson(vocab: Record<string, number>) {
  const added = SPECIAL.map((content, id) => ({
    id,
    content,
    single_word: false,
    lstrip: false,
    rstrip: false,
    normalized: false,
    special: true,
  }));
  const special = (token: string) => ({ id: token, ids: [vocab[token]], tokens: [token] });
  return {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: added,
    normalizer: {
      type: 'BertNormalizer',
      clean_text: true,
      handle_chinese_chars: true,
      strip_accents: null,
      lowercase: true,
    },
    pre_tokenizer: { type: 'BertPreTokenizer' },
    post_processor: {
      type: 'TemplateProcessing',
      single: [
        { SpecialToken: { id: '[CLS]', type_id: 0 } },
        { Sequence: { id: 'A', type_id: 0 } },
        { SpecialToken: { id: '[SEP]', type_id: 0 } },
      ],
      pair: [
        { SpecialToken: { id: '[CLS]', type_id: 0 } },
        { Sequence: { id: 'A', type_id: 0 } },
        { SpecialToken: { id: '[SEP]', type_id: 0 } },
        { Sequence: { id: 'B', type_id: 1 } },
        { SpecialToken: { id: '[SEP]', type_id: 1 } },
      ],
      special_tokens: { '[CLS]': special('[CLS]'), '[SEP]': special('[SEP]') },
    },
    decoder: { type: 'WordPiece', prefix: '##', cleanup: true },
    model: {
      type: 'WordPiece',
      unk_token: '[UNK]',
      continuing_subword_prefix: '##',
      max_input_chars_per_word: 100,
      vocab,
    },
  };
}

const TOKENIZER_CONFIG = {
  tokenizer_class: 'BertTokenizer',
  do_lower_case: true,
  model_max_length: 128,
  cls_token: '[CLS]',
  sep_token: '[SEP]',
  pad_token: '[PAD]',
  unk_token: '[UNK]',
};

/** Words that make the tiny NLI model call a pair a contradiction, or an entailment. */
export const NLI_WORDS = {
  contradiction: ['not', 'never', 'no', 'wrong', 'false', 'myth'],
  entailment: ['agree', 'true', 'indeed', 'same', 'also', 'exactly'],
};

/**
 * Writes a DeBERTa-style NLI model as transformers.js loads it: the same
 * tokenizer over the sentence model's words plus NLI_WORDS, and logits in
 * the MNLI order of `id2label` (entailment, neutral, contradiction). Negation
 * words push towards contradiction, agreement words towards entailment.
 */
export async function writeTinyNliModel(dir: string, name: string): Promise<void> {
  const words = [
    ...SPECIAL,
    ...FILLER,
    ...Object.values(THEMES).flat(),
    ...NLI_WORDS.contradiction,
    ...NLI_WORDS.entailment,
  ];
  const vocab = Object.fromEntries(words.map((word, id) => [word, id]));
  const table = new Float32Array(words.length * 3);
  words.forEach((word, row) => {
    if (NLI_WORDS.contradiction.includes(word)) {
      table[row * 3 + 2] = 3;
    } else if (NLI_WORDS.entailment.includes(word)) {
      table[row * 3] = 3;
    } else {
      table[row * 3 + 1] = 0.2;
    }
  });
  const home = path.join(dir, name);
  await mkdir(path.join(home, 'onnx'), { recursive: true });
  await writeFile(path.join(home, 'onnx', 'model.onnx'), onnxClassifier(table, words.length, 3));
  await writeFile(path.join(home, 'tokenizer.json'), JSON.stringify(tokenizerJson(vocab)));
  await writeFile(path.join(home, 'tokenizer_config.json'), JSON.stringify(TOKENIZER_CONFIG));
  await writeFile(
    path.join(home, 'config.json'),
    JSON.stringify({
      model_type: 'bert',
      architectures: ['BertForSequenceClassification'],
      hidden_size: 3,
      vocab_size: words.length,
      id2label: { 0: 'entailment', 1: 'neutral', 2: 'contradiction' },
      label2id: { entailment: 0, neutral: 1, contradiction: 2 },
    }),
  );
}

/** Writes `<dir>/<name>/{config.json, tokenizer.json, tokenizer_config.json, onnx/model.onnx}`. */
export async function writeTinySentenceModel(dir: string, name: string): Promise<{ dim: number }> {
  const words = [...SPECIAL, ...FILLER, ...Object.values(THEMES).flat()];
  const vocab = Object.fromEntries(words.map((word, id) => [word, id]));
  const themes = Object.keys(THEMES);
  const dim = themes.length + 2;
  const table = new Float32Array(words.length * dim);
  words.forEach((word, row) => {
    const theme = themes.findIndex((t) => THEMES[t]?.includes(word));
    // Theme words point along their theme's axis (with a little of their own);
    // filler and specials share one weak axis, so they barely move a mean.
    if (theme >= 0) {
      table[row * dim + theme] = 1;
      table[row * dim + themes.length + (row % 2)] = 0.15;
    } else {
      table[row * dim + themes.length] = 0.05;
    }
  });
  const home = path.join(dir, name);
  await mkdir(path.join(home, 'onnx'), { recursive: true });
  await writeFile(path.join(home, 'onnx', 'model.onnx'), onnxModel(table, words.length, dim));
  await writeFile(path.join(home, 'tokenizer.json'), JSON.stringify(tokenizerJson(vocab)));
  await writeFile(path.join(home, 'tokenizer_config.json'), JSON.stringify(TOKENIZER_CONFIG));
  await writeFile(
    path.join(home, 'config.json'),
    JSON.stringify({ model_type: 'bert', hidden_size: dim, vocab_size: words.length }),
  );
  return { dim };
}
