// `npm run schema:document`: writes the release document's JSON Schema, generated from its zod shape.
import { writeFileSync } from 'node:fs';
import { z } from 'zod';
import { releaseDocument } from './import/document.ts';

export const schemaFile = new URL('./release-document.schema.json', import.meta.url);
const schema = { title: 'iconmeta release document', ...z.toJSONSchema(releaseDocument, { io: 'input' }) };
writeFileSync(schemaFile, JSON.stringify(schema, null, 2) + '\n');
console.log(`wrote ${schemaFile.pathname}`);
