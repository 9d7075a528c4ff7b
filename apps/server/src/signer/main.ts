// `npm run signer`: the signer process (server.ts) on 127.0.0.1, configured by SIGNER_*
// (config.ts; README "Configuration").
import { signerOptionsFromEnv } from "./config";
import { createSignerServer, Signer } from "./server";

async function main() {
  const { options, port, problems } = signerOptionsFromEnv(process.env);
  if (!options) {
    console.error(`signer: cannot start:\n  ${problems.join("\n  ")}`);
    process.exit(1);
  }
  const signer = new Signer(options);
  const server = createSignerServer(signer, (m) => console.log(m));
  // Localhost only: the API on the same machine is its one client.
  server.listen(port, "127.0.0.1", () => {
    console.log(`signer: hot wallet ${signer.hotWallet.address} on http://127.0.0.1:${port}`);
  });
  for (const sig of ["SIGINT", "SIGTERM"] as const) process.on(sig, () => server.close(() => process.exit(0)));
}

void main();
