// A real OpenID Connect provider for the school sign-in tests (npm's oidc-provider),
// listening on 127.0.0.1 only. Started by tests/oidc/provider.py with one argument, a JSON
// object: {"port": 8151, "clients": [{client_id, client_secret, redirect_uris}],
// "accounts": {"<sub>": {"email": ..., "email_verified": ..., "name": ...}}}.
// Its development sign-in form takes any login as the account's subject id; the tests
// post it and the consent form as a browser would. Prints "ready" when it listens.
import Provider from 'oidc-provider';

const config = JSON.parse(process.argv[2]);
const issuer = `http://127.0.0.1:${config.port}`;

const provider = new Provider(issuer, {
  clients: config.clients.map((client) => ({
    grant_types: ['authorization_code'],
    response_types: ['code'],
    token_endpoint_auth_method: 'client_secret_post',
    ...client,
  })),
  async findAccount(ctx, sub) {
    const claims = config.accounts[sub];
    if (!claims) return undefined;
    return { accountId: sub, async claims() { return { sub, ...claims }; } };
  },
  claims: { openid: ['sub', 'tid', 'oid', 'hd'], email: ['email', 'email_verified'], profile: ['name'] },
  features: { devInteractions: { enabled: true } },
  cookies: { keys: ['tests-only-cookie-key'] },
  pkce: { required: () => true },
  ttl: { AccessToken: 300, AuthorizationCode: 60, IdToken: 300, Interaction: 300, Session: 300, Grant: 300 },
});

const server = provider.listen(config.port, '127.0.0.1', () => {
  console.log('ready');
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
// Never outlives its test: a provider left running stops itself after two minutes.
setTimeout(() => process.exit(0), (config.lifetime || 120) * 1000).unref();
