// The one ordered list of schema changes, for PGlite and PostgreSQL alike. Append only: never
// edit or reorder an applied migration (the runner refuses a changed checksum); add a new one.

export interface Migration {
  /** 1, 2, 3... in order, no gaps. */
  id: number
  name: string
  sql: string
}

export const migrations: readonly Migration[] = [
  {
    id: 1,
    name: 'create_projects',
    sql: `
      CREATE TABLE projects (
        id text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{32}$'),
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
        allowed_origins text[] NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now()
      );
    `,
  },
  {
    id: 2,
    name: 'create_auth_nonces_and_sessions',
    sql: `
      CREATE TABLE auth_nonces (
        nonce text PRIMARY KEY CHECK (nonce ~ '^[A-Za-z0-9]{8,64}$'),
        project_id text NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
        issued_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      );
      CREATE INDEX auth_nonces_expires_at ON auth_nonces (expires_at);
      CREATE TABLE auth_sessions (
        id text PRIMARY KEY,
        project_id text NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
        account text NOT NULL,
        chain_id text NOT NULL,
        address text NOT NULL,
        token_hash text NOT NULL UNIQUE,
        domain text NOT NULL,
        uri text NOT NULL,
        version text NOT NULL,
        nonce text NOT NULL UNIQUE,
        statement text,
        request_id text,
        resources text[],
        issued_at text NOT NULL,
        expiration_time text,
        not_before text,
        message text NOT NULL,
        signature text NOT NULL,
        cacao jsonb,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz
      );
      CREATE INDEX auth_sessions_account ON auth_sessions (project_id, account, expires_at);
    `,
  },
  {
    id: 3,
    name: 'create_relay_mailbox',
    sql: `
      CREATE TABLE relay_messages (
        id text PRIMARY KEY,
        topic text NOT NULL,
        message text NOT NULL,
        tag integer NOT NULL,
        publisher text NOT NULL,
        published_at bigint NOT NULL,
        expires_at bigint NOT NULL
      );
      CREATE INDEX relay_messages_topic ON relay_messages (topic, published_at);
      CREATE INDEX relay_messages_expires_at ON relay_messages (expires_at);
      CREATE TABLE relay_deliveries (
        message_id text NOT NULL,
        client_id text NOT NULL,
        PRIMARY KEY (message_id, client_id)
      );
    `,
  },
  {
    id: 4,
    name: 'add_project_analytics_and_error_events',
    sql: `
      ALTER TABLE projects ADD COLUMN analytics_enabled boolean NOT NULL DEFAULT true;
      CREATE TABLE error_events (
        project_id text NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
        event_id uuid NOT NULL,
        sdk_type text CHECK (length(sdk_type) <= 64),
        sdk_version text CHECK (length(sdk_version) <= 64),
        url text NOT NULL CHECK (length(url) BETWEEN 1 AND 2048),
        domain text NOT NULL CHECK (length(domain) BETWEEN 1 AND 253),
        client_timestamp_ms bigint NOT NULL CHECK (client_timestamp_ms >= 0),
        type text NOT NULL CHECK (length(type) BETWEEN 1 AND 64),
        event text NOT NULL CHECK (length(event) BETWEEN 1 AND 64),
        error_type text CHECK (length(error_type) <= 128),
        error_message text CHECK (length(error_message) <= 2000),
        stack_trace text CHECK (length(stack_trace) <= 8000),
        received_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (project_id, event_id)
      );
      CREATE INDEX error_events_received_at ON error_events (project_id, received_at);
    `,
  },
  {
    // The indexer (indexer/) and account history (blockchain/history*). Chains are EVM chain
    // ids; addresses and hashes are raw bytes (bytea), half the size of hex text. A history
    // page is a keyset scan of account_transactions (one row per account and transaction)
    // followed by primary-key lookups of the page's transactions and transfers.
    id: 5,
    name: 'create_indexer_tables',
    sql: `
      CREATE TABLE indexer_checkpoints (
        chain_id bigint PRIMARY KEY,
        block_number bigint NOT NULL,
        block_hash bytea NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      -- The last blocks' hashes, to find where a reorg forked.
      CREATE TABLE indexer_blocks (
        chain_id bigint NOT NULL,
        block_number bigint NOT NULL,
        block_hash bytea NOT NULL,
        PRIMARY KEY (chain_id, block_number)
      );
      -- Transactions that moved something; status 1 confirmed, 0 failed.
      CREATE TABLE chain_transactions (
        chain_id bigint NOT NULL,
        block_number bigint NOT NULL,
        tx_index integer NOT NULL,
        tx_hash bytea NOT NULL,
        block_hash bytea NOT NULL,
        mined_at timestamptz NOT NULL,
        from_address bytea NOT NULL,
        to_address bytea NOT NULL,
        status smallint NOT NULL CHECK (status IN (0, 1)),
        PRIMARY KEY (chain_id, block_number, tx_index)
      );
      -- kind 0 native (log_index -1), 1 ERC-20, 2 ERC-721, 3 ERC-1155 (batch_index: position
      -- in a TransferBatch).
      CREATE TABLE token_transfers (
        chain_id bigint NOT NULL,
        block_number bigint NOT NULL,
        tx_index integer NOT NULL,
        log_index integer NOT NULL,
        batch_index integer NOT NULL,
        kind smallint NOT NULL CHECK (kind BETWEEN 0 AND 3),
        token bytea,
        token_id numeric(78, 0),
        from_address bytea NOT NULL,
        to_address bytea NOT NULL,
        amount numeric(78, 0) NOT NULL,
        PRIMARY KEY (chain_id, block_number, tx_index, log_index, batch_index)
      );
      -- Who sees which transaction: both sides of its transfers (the sender alone if it failed).
      CREATE TABLE account_transactions (
        address bytea NOT NULL,
        chain_id bigint NOT NULL,
        block_number bigint NOT NULL,
        tx_index integer NOT NULL,
        mined_at timestamptz NOT NULL,
        PRIMARY KEY (address, chain_id, block_number, tx_index)
      );
      -- History across chains, newest first (the primary key serves one chain's history).
      CREATE INDEX account_transactions_by_time
        ON account_transactions (address, mined_at, chain_id, block_number, tx_index);
      CREATE TABLE token_metadata (
        chain_id bigint NOT NULL,
        address bytea NOT NULL,
        name text,
        symbol text,
        decimals smallint,
        PRIMARY KEY (chain_id, address)
      );
      CREATE TABLE nft_metadata (
        chain_id bigint NOT NULL,
        contract bytea NOT NULL,
        token_id numeric(78, 0) NOT NULL,
        name text,
        image_url text,
        PRIMARY KEY (chain_id, contract, token_id)
      );
    `,
  },
  {
    id: 6,
    name: 'relay_acks_per_client',
    sql: `
      -- One row per client per write of its acknowledgements (a second's worth), not one per
      -- message: a row per ack cost PGlite as much as the message itself. expires_at is the
      -- latest expiry among the row's messages; the row goes when all of them have expired.
      CREATE TABLE relay_acks (
        client_id text NOT NULL,
        message_ids text[] NOT NULL,
        expires_at bigint NOT NULL
      );
      -- What clients had acknowledged stays acknowledged: a row per client.
      INSERT INTO relay_acks (client_id, message_ids, expires_at)
        SELECT d.client_id, array_agg(d.message_id), max(m.expires_at)
        FROM relay_deliveries d JOIN relay_messages m ON m.id = d.message_id
        GROUP BY d.client_id;
      DROP TABLE relay_deliveries;
      CREATE INDEX relay_acks_client ON relay_acks (client_id);
      CREATE INDEX relay_acks_expires_at ON relay_acks (expires_at);
    `,
  },
  {
    id: 7,
    name: 'onramp_orders',
    sql: `
      -- Card purchases (onramp/): one row per order, its state and the payout transaction.
      -- The signed transaction and its hash are stored before it is broadcast, so a restart
      -- finds it and neither loses nor doubles the payout.
      CREATE TABLE onramp_orders (
        id text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{32}$'),
        project_id text NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
        provider text NOT NULL,
        partner_user_id text NOT NULL,
        chain_id bigint NOT NULL,
        destination bytea NOT NULL,
        purchase_currency text NOT NULL,
        payment_currency text NOT NULL,
        preset_fiat_cents bigint,
        status text NOT NULL,
        payment_method text,
        total_cents bigint,
        fee_cents bigint,
        network_fee_cents bigint,
        purchase_base_units numeric(78, 0),
        purchase_amount text,
        message text,
        raw_transaction text,
        tx_hash text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        paid_at timestamptz
      );
      CREATE INDEX onramp_orders_unfinished ON onramp_orders (status)
        WHERE status IN ('charged', 'paying');
      CREATE INDEX onramp_orders_paid_to ON onramp_orders (destination, paid_at DESC)
        WHERE status = 'paid';
    `,
  },
  {
    id: 8,
    name: 'create_embedded_wallet',
    sql: `
      -- E-mail login for the embedded wallet (embedded-wallet/). A user is an address in a
      -- project; codes are kept as an HMAC only; sessions as a token hash only; the recovery
      -- share only sealed with a key that is not in the database.
      CREATE TABLE embedded_wallet_users (
        id text PRIMARY KEY,
        project_id text NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
        email text NOT NULL,
        created_at timestamptz NOT NULL,
        UNIQUE (project_id, email)
      );
      CREATE TABLE embedded_wallet_codes (
        id text PRIMARY KEY,
        project_id text NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
        email text NOT NULL,
        purpose text NOT NULL
          CHECK (purpose IN ('login', 'update-primary', 'update-secondary', 'export')),
        user_id text REFERENCES embedded_wallet_users (id) ON DELETE CASCADE,
        salt text NOT NULL,
        code_hash text NOT NULL,
        attempts integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      );
      CREATE INDEX embedded_wallet_codes_target
        ON embedded_wallet_codes (project_id, email, purpose, created_at DESC);
      -- The spec's 30 s cooldown is per address, over every project.
      CREATE TABLE embedded_wallet_mail_cooldowns (
        email text PRIMARY KEY,
        last_sent_at timestamptz NOT NULL
      );
      CREATE TABLE embedded_wallet_sessions (
        token_hash text PRIMARY KEY,
        user_id text NOT NULL REFERENCES embedded_wallet_users (id) ON DELETE CASCADE,
        project_id text NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz
      );
      CREATE TABLE embedded_wallets (
        user_id text PRIMARY KEY REFERENCES embedded_wallet_users (id) ON DELETE CASCADE,
        address text NOT NULL,
        auth_share text NOT NULL,
        recovery_share_sealed text NOT NULL,
        seal_key_id text NOT NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      );
      CREATE TABLE embedded_wallet_email_updates (
        user_id text PRIMARY KEY REFERENCES embedded_wallet_users (id) ON DELETE CASCADE,
        new_email text NOT NULL,
        primary_verified_at timestamptz,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL
      );
    `,
  },
  {
    id: 9,
    name: 'embedded_wallet_external_identities',
    sql: `
      -- Ways into the embedded wallet other than an e-mail code (social login now, Farcaster
      -- next): a user is found by (project, provider, subject), the provider's own stable id of
      -- the person. Such a user may have no e-mail address of ours, so the column may be null
      -- (UNIQUE still holds for the addresses that are set).
      ALTER TABLE embedded_wallet_users ALTER COLUMN email DROP NOT NULL;
      CREATE TABLE embedded_wallet_identities (
        project_id text NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
        provider text NOT NULL,
        subject text NOT NULL,
        user_id text NOT NULL REFERENCES embedded_wallet_users (id) ON DELETE CASCADE,
        email text,
        user_name text,
        created_at timestamptz NOT NULL,
        last_login_at timestamptz NOT NULL,
        PRIMARY KEY (project_id, provider, subject)
      );
      CREATE INDEX embedded_wallet_identities_user ON embedded_wallet_identities (user_id);
      -- A social login under way: only the state's hash is kept (the PKCE verifier and the
      -- nonce are derived from the state with a server key), single use, short lived.
      CREATE TABLE social_login_states (
        state_hash text PRIMARY KEY,
        project_id text NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
        provider text NOT NULL,
        result_uri text NOT NULL,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      );
      -- What a finished callback left for the frame to redeem: a one-time code's hash, bound to
      -- its state. A refusal at the provider leaves nothing here (the popup is told at once).
      CREATE TABLE social_login_results (
        code_hash text PRIMARY KEY,
        state_hash text NOT NULL UNIQUE,
        project_id text NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
        provider text NOT NULL,
        user_id text NOT NULL REFERENCES embedded_wallet_users (id) ON DELETE CASCADE,
        user_name text,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      );
    `,
  },
  {
    id: 10,
    name: 'social_login_begun',
    sql: `
      -- A social login goes to the provider only through the begin route, once per state,
      -- from a page of its result URI's origin; the callback finishes only a begun login.
      ALTER TABLE social_login_states ADD COLUMN begun_at timestamptz;
    `,
  },
  {
    id: 11,
    name: 'embedded_wallet_session_recovery_claim',
    sql: `
      -- A session takes the recovery share once, within a few minutes of its login (its
      -- created_at); this is when it did. A wallet made by the session closes it too.
      ALTER TABLE embedded_wallet_sessions ADD COLUMN recovery_claimed_at timestamptz;
    `,
  },
  {
    id: 12,
    // The dev project was seeded with the spec's default origins; its id is public and anyone
    // can serve a page on pages.dev, vercel.app or ngrok-free.app. It keeps localhost and what
    // an operator added; projects of their own keep what they hold (the CLI removes origins).
    name: 'dev_project_without_spec_default_origins',
    sql: `
      UPDATE projects
         SET allowed_origins = ARRAY(
               SELECT origin
                 FROM unnest(allowed_origins) WITH ORDINALITY AS listed(origin, position)
                WHERE origin NOT IN ('*.pages.dev', '*.vercel.app', '*.ngrok-free.app')
                ORDER BY position)
       WHERE id = 'f94537f769cddac7aff0d3d7b370838e';
    `,
  },
  {
    id: 13,
    name: 'embedded_wallet_codes_replaced',
    sql: `
      -- When a newer code replaced this one (not spent by its own use): a person typing the
      -- code of an older mail is told so, rather than that the code is wrong.
      ALTER TABLE embedded_wallet_codes ADD COLUMN replaced_at timestamptz;
    `,
  },
  {
    id: 14,
    name: 'embedded_wallet_codes_redeem_challenge',
    sql: `
      -- The commitment to the redeem secret of the frame that asked for a login code: the code
      -- verifies only with that secret, so a code read from a forwarded mail logs nobody in.
      -- Null for the other purposes (a session already stands behind them) and older rows.
      ALTER TABLE embedded_wallet_codes ADD COLUMN redeem_challenge text;
    `,
  },
  {
    id: 15,
    name: 'embedded_wallet_codes_requested_by',
    sql: `
      -- The client (its address key: an IPv4 address or an IPv6 /64) that asked for the code:
      -- any other client takes only the first EMAIL_OTP_OTHER_CLIENT_ATTEMPT_LIMIT tries, so a
      -- stranger cannot spend the tries of someone's live code. Null on older codes: no split.
      ALTER TABLE embedded_wallet_codes ADD COLUMN requested_by text;
    `,
  },
  {
    id: 16,
    name: 'create_profile_names',
    sql: `
      -- Registered names (profile/): one row per name, and at most one name per address, both
      -- held by the database's own constraints so two registrations racing get one winner.
      -- name is the whole lowercase name, zone included; address is lowercase 0x hex; coin_type
      -- is the ENSIP-11 coin type it was registered for.
      CREATE TABLE profile_names (
        name text PRIMARY KEY CHECK (name ~ '^[a-z0-9-]{4,63}(\\.[a-z0-9-]+)+$'),
        address text NOT NULL UNIQUE CHECK (address ~ '^0x[0-9a-f]{40}$'),
        coin_type bigint NOT NULL CHECK (coin_type BETWEEN 0 AND 4294967295),
        attributes jsonb NOT NULL DEFAULT '{}',
        registered_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
    `,
  },
  {
    id: 17,
    name: 'create_analytics_events',
    sql: `
      -- The modal's tracked events (analytics/). analytics_events keeps each event as sent, for
      -- PORTICO_ANALYTICS_RETENTION_DAYS, keyed by its batch so a replayed batch is stored once;
      -- no address, IP or page: only what the event names. analytics_daily counts them per
      -- project, UTC day of arrival, event, connect method and wallet, and is kept: what is read
      -- over months reads one row per day and kind, whatever the raw table held. '' stands for
      -- "none" in method and wallet so they can be part of the key.
      CREATE TABLE analytics_events (
        project_id text NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
        batch_id uuid NOT NULL,
        position smallint NOT NULL CHECK (position >= 0),
        event text NOT NULL CHECK (length(event) BETWEEN 1 AND 64),
        network text CHECK (length(network) <= 64),
        is_smart_account boolean,
        method text NOT NULL DEFAULT '' CHECK (length(method) <= 32),
        wallet text NOT NULL DEFAULT '' CHECK (length(wallet) <= 64),
        sdk_version text CHECK (length(sdk_version) <= 64),
        client_timestamp_ms bigint NOT NULL CHECK (client_timestamp_ms >= 0),
        received_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (project_id, batch_id, position)
      );
      CREATE INDEX analytics_events_received_at ON analytics_events (received_at);
      CREATE TABLE analytics_daily (
        project_id text NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
        day date NOT NULL,
        event text NOT NULL CHECK (length(event) BETWEEN 1 AND 64),
        method text NOT NULL DEFAULT '' CHECK (length(method) <= 32),
        wallet text NOT NULL DEFAULT '' CHECK (length(wallet) <= 64),
        count bigint NOT NULL CHECK (count > 0),
        PRIMARY KEY (project_id, day, event, method, wallet)
      );
    `,
  },
]
