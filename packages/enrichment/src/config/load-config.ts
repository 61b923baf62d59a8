import { DomainError, EnrichmentBlock, type z } from '@podcast/contracts';
import {
  findProfilePreset,
  PACKAGED_PROFILES_DIR,
  parseOperatorYaml,
  readOperatorSettings,
} from '@podcast/corpus';
import { resolveBlock } from './resolve.js';

/** Spec 03 config view: the profile's block, the operator's, and their deep merge. */
export interface EnrichmentConfigView {
  corpus_path: string;
  profile: string | null;
  profile_block: EnrichmentBlock | null;
  operator_block: EnrichmentBlock | null;
  resolved_block: EnrichmentBlock;
}

export interface LoadConfigInput {
  corpusRoot: string;
  /** --profile; else the operator file's `profile:`. */
  profile?: string;
  /** --config: YAML holding an `enrichment:` block, or the block itself; else the operator file's block. */
  configText?: string;
  profilesDir?: string;
}

/** A block that breaks the enrichment schema, named by where it came from. */
export class InvalidEnrichmentConfig extends DomainError {
  constructor(readonly problems: string[]) {
    super('invalid', `invalid enrichment configuration: ${problems.join('; ')}`, { problems });
  }
}

function blockOf(value: unknown, source: string, problems: string[]): EnrichmentBlock | null {
  if (value === undefined || value === null) {
    return null;
  }
  const parsed = EnrichmentBlock.safeParse(value);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      problems.push(`${[source, ...issue.path.map(String)].join('.')}: ${issue.message}`);
    }
    return null;
  }
  return parsed.data;
}

/**
 * Reads the enrichment configuration of a corpus the way the command line
 * resolves it (spec 03 steps 1 and 2): the profile preset's block, then the
 * operator block (--config, else the corpus operator file) merged on top.
 * Anything invalid throws InvalidEnrichmentConfig listing every problem.
 */
export async function loadEnrichmentConfig(input: LoadConfigInput): Promise<EnrichmentConfigView> {
  const problems: string[] = [];
  const operatorFile = parseOperatorYaml(
    (await readOperatorSettings(input.corpusRoot)).content,
    'operator_file',
  );
  const configRoot =
    input.configText === undefined ? undefined : parseOperatorYaml(input.configText, 'config');
  const operatorValue =
    configRoot === undefined
      ? operatorFile.enrichment
      : 'enrichment' in configRoot
        ? configRoot.enrichment
        : configRoot;
  const operatorBlock = blockOf(
    operatorValue,
    configRoot === undefined ? 'operator_file.enrichment' : 'config',
    problems,
  );
  const profile =
    input.profile ?? (typeof operatorFile.profile === 'string' ? operatorFile.profile : null);
  let profileBlock: EnrichmentBlock | null = null;
  if (profile !== null) {
    const preset = await findProfilePreset(input.profilesDir ?? PACKAGED_PROFILES_DIR, profile);
    if (preset === undefined) {
      problems.push(`profile: no packaged profile is named ${profile}`);
    } else {
      profileBlock = blockOf(preset.config.enrichment, `profile ${profile}`, problems);
    }
  }
  if (problems.length > 0) {
    throw new InvalidEnrichmentConfig(problems);
  }
  return {
    corpus_path: input.corpusRoot,
    profile,
    profile_block: profileBlock,
    operator_block: operatorBlock,
    resolved_block: resolveBlock(profileBlock, operatorBlock),
  };
}

/** Each enricher's knobs checked against its manifest's config_schema. */
export function knobProblems(
  block: EnrichmentBlock,
  schemaOf: (id: string) => z.ZodType | undefined,
): string[] {
  const problems: string[] = [];
  for (const [id, config] of Object.entries(block.enrichers ?? {})) {
    const parsed = schemaOf(id)?.safeParse(config);
    for (const issue of parsed?.success === false ? (parsed.error?.issues ?? []) : []) {
      problems.push(`enrichers.${id}.${issue.path.map(String).join('.')}: ${issue.message}`);
    }
  }
  return problems;
}
