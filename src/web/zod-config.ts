// Imported first by main.tsx, before any module builds a schema: zod's JIT would otherwise
// probe `new Function('')` on the first object schema it builds, which the CSP (script-src
// 'self', no 'unsafe-eval') refuses and reports as a violation even though zod catches it.
// zod's core `config` is the one `z.config` sets, without the rest of zod in the first bundle.
import { config } from 'zod/v4/core';

config({ jitless: true });
