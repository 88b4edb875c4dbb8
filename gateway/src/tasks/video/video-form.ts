import { jsonOrNull } from '../../http/json-or-null.js';
import { parseStrictInt } from '../../http/strict-int.js';
import { formFields, type MultipartForm } from '../../relay/surfaces/multipart-form.js';

/** The form's part that carries a first frame: OpenAI's videos.create sends it as `input_reference`. */
const REFERENCE = 'input_reference';

/**
 * A multipart video submit (OpenAI's videos.create with an input_reference) as the request body a
 * JSON submit would be, for the schema to check: the text fields, `duration` as a whole number and
 * `metadata` as JSON,
 * and each reference file as a data: URL image (what a provider that takes no form is sent, as
 * new-api turns the files into base64 images).
 */
export function videoFormBody(form: MultipartForm): Record<string, unknown> {
  const { duration, metadata, ...fields } = formFields(form);
  const images = form.parts.flatMap((part) => ('bytes' in part && part.name === REFERENCE ? [`data:${part.type};base64,${part.bytes.toString('base64')}`] : []));
  return {
    ...fields, ...(duration === undefined ? {} : { duration: parseStrictInt(duration) ?? duration }), ...(metadata === undefined ? {} : { metadata: jsonOrNull(metadata) }),
    ...(images.length ? { images } : {}),
  };
}
