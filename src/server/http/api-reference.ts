/** A readable, script-free reference page rendered from the OpenAPI document (/api/docs). */
interface Operation {
  summary: string;
  tags: string[];
  parameters?: Array<{ name: string; in: string; required: boolean; schema?: unknown }>;
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { description: string }>;
}

const escape = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export function apiReferencePage(document: {
  info: { title: string; description: string };
  paths: Record<string, Record<string, unknown>>;
}): string {
  const sections = Object.entries(document.paths)
    .flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, value]) => {
        const operation = value as Operation;
        const parameters = (operation.parameters ?? [])
          .map(
            (parameter) =>
              `<li><code>${escape(parameter.name)}</code> <span class="muted">(${parameter.in}${parameter.required ? ', required' : ''})</span></li>`,
          )
          .join('');
        const body = Object.entries(operation.requestBody?.content ?? {})
          .map(
            ([type, content]) =>
              `<details><summary>Request body (${escape(type)})</summary><pre>${escape(JSON.stringify(content.schema, null, 2))}</pre></details>`,
          )
          .join('');
        const responses = Object.entries(operation.responses)
          .map(([status, response]) => `<li><b>${status}</b> ${escape(response.description)}</li>`)
          .join('');
        return `<section><h2><span class="method ${method}">${method.toUpperCase()}</span> <code>${escape(path)}</code></h2><p>${escape(operation.summary)}</p>${parameters ? `<h3>Parameters</h3><ul>${parameters}</ul>` : ''}${body}<h3>Responses</h3><ul>${responses}</ul></section>`;
      }),
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(document.info.title)}</title><style>
body{font:15px/1.5 system-ui,sans-serif;max-width:960px;margin:2rem auto;padding:0 1rem;background:#0b1020;color:#e2e8f0}
a{color:#93c5fd}h1{margin-bottom:.25rem}section{border:1px solid #1e293b;border-radius:10px;padding:1rem 1.25rem;margin:1rem 0;background:#111827}
h2{font-size:1.05rem;margin:0}h3{font-size:.85rem;text-transform:uppercase;letter-spacing:.05em;color:#94a3b8;margin:.75rem 0 .25rem}
.method{display:inline-block;min-width:4.5rem;text-align:center;border-radius:6px;padding:.1rem .4rem;font-size:.8rem;color:#0b1020}
.get{background:#86efac}.post{background:#93c5fd}.patch{background:#fcd34d}.delete{background:#fca5a5}
pre{background:#0b1020;padding:.75rem;border-radius:8px;overflow:auto;font-size:.8rem}.muted{color:#94a3b8}
</style></head><body><h1>${escape(document.info.title)}</h1><p class="muted">${escape(document.info.description)} Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a>.</p>${sections}</body></html>`;
}
