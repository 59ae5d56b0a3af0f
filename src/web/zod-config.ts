import { z } from 'zod';

// Imported first by main.tsx, before any module builds a schema: zod's JIT would otherwise
// probe `new Function('')` on the first object schema it builds, which the CSP (script-src
// 'self', no 'unsafe-eval') refuses and reports as a violation even though zod catches it.
z.config({ jitless: true });
