import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsPlugin from 'ajv-formats';
import { loadSpecOperations, type SpecOperation } from './openapi-spec.ts';

const addFormats = addFormatsPlugin.default ?? addFormatsPlugin;
const ajv = addFormats(new Ajv({ strict: false, allErrors: true }));

/** Result of checking one response against the spec: `problems` is empty when it conforms. */
export interface ResponseCheck {
  ok: boolean;
  problems: string[];
}

/**
 * Checks responses against the spec's response schemas (issue 3: every response conforms; the contract
 * test runs every operation through this). Works for the sandbox or any other implementation of the spec.
 */
export class ResponseValidator {
  private readonly compiled = new Map<string, ValidateFunction>();

  private constructor(private readonly operations: Map<string, SpecOperation>) {}

  static async load(specPath?: string): Promise<ResponseValidator> {
    const operations = await loadSpecOperations(specPath);
    return new ResponseValidator(new Map(operations.map((op) => [op.operationId, op])));
  }

  operationIds(): string[] {
    return [...this.operations.keys()];
  }

  check(operationId: string, status: number, contentType: string | null, body: unknown): ResponseCheck {
    const response = this.operations.get(operationId)?.responses[String(status)];
    if (!response) return fail(`${operationId} declares no ${status} response`);
    if (response.contentType && !contentType?.startsWith(response.contentType)) {
      return fail(`${operationId} ${status}: content type ${contentType}, spec says ${response.contentType}`);
    }
    if (!response.schema) return { ok: true, problems: [] };
    const validate = this.validatorFor(`${operationId} ${status}`, response.schema);
    if (validate(body)) return { ok: true, problems: [] };
    return fail(
      ...(validate.errors ?? []).map((e) => `${operationId} ${status}: ${e.instancePath} ${e.message}`),
    );
  }

  private validatorFor(key: string, schema: Record<string, unknown>): ValidateFunction {
    let validate = this.compiled.get(key);
    if (!validate) {
      validate = ajv.compile(schema);
      this.compiled.set(key, validate);
    }
    return validate;
  }
}

function fail(...problems: string[]): ResponseCheck {
  return { ok: false, problems };
}
