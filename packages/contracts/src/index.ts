export type { ErrorKind } from './errors.js';
export { DomainError, InvalidRelativePath, NotFound, OutsideCorpusRoots } from './errors.js';
export { Problem, ProblemFieldError } from './problem.js';
export { CommaList, IsoDate, QueryBoolean, queryInt, queryNumber } from './query.js';
export { z } from './zod.js';
