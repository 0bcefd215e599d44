/*
 * Edgecaster Cloud's device accounts for Mosquitto 2: every device logs in with its own credentials
 * and reaches only its own topics, at the same cost for the 100,000th device as for the first.
 *
 * Why not the dynamic security plugin alone: it keeps a client and a role per device in one JSON file
 * that it rewrites whole after every command, so each account costs more than the last (2.7 MB and
 * 10 s per hundred accounts at 1,200 devices; docs/decisions.md 225). This plugin keeps the accounts
 * in a hash table and an append-only file: a change costs one line, and one fsync per control message.
 *
 * - Accounts: username = client id = the device guid, the SHA-256 of its password (the console makes
 *   the passwords: 32 random bytes, so a fast hash loses nothing to guessing).
 * - Topic rules: one set for every device, patterns with %u for the device's guid, given by the
 *   console (the contract's topics), kept in the same file.
 * - Changes arrive on $CONTROL/edgecaster-device-accounts/v1 (the broker's ACLs decide who may
 *   publish there: the console's role), as text lines, and are answered on .../response:
 *     <correlation id>                      first line of every request
 *     set <guid> <sha256 hex>               creates or replaces an account (a replaced one is kicked)
 *     del <guid>                            deletes an account (its client is kicked); gone is fine
 *     rules                                 replaces the topic rules by the lines that follow:
 *     pub <pattern> | sub <pattern>
 *     list <offset> <count>                 answers guids, in no particular order but a stable one
 *   The answer: "<correlation id> ok" (then one guid a line for list), or "<correlation id> error
 *   <reason>", in which case nothing of the request was applied.
 * - Any other username (the console, the broker's admin, accounts made by the dynamic security plugin)
 *   is not this plugin's: it defers to the next plugin.
 *
 * Options: plugin_opt_accounts_file <path> (created when missing).
 * Build: scripts/start-mosquitto.sh (gcc -shared -fPIC ... -lcrypto), needs mosquitto-dev,
 * libmosquitto-dev, libssl-dev and uthash-dev.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <mosquitto.h>
#include <mosquitto_broker.h>
#include <mosquitto_plugin.h>
#include <openssl/crypto.h>
#include <openssl/sha.h>
#include <uthash.h>

#define CONTROL_TOPIC "$CONTROL/edgecaster-device-accounts/v1"
#define RESPONSE_TOPIC CONTROL_TOPIC "/response"
#define GUID_LENGTH 36
#define HASH_LENGTH SHA256_DIGEST_LENGTH
#define MAX_RULES 64
#define MAX_RULE_LENGTH 256

struct account {
	char guid[GUID_LENGTH + 1];
	unsigned char hash[HASH_LENGTH];
	UT_hash_handle hh;
};

struct rules {
	int publish_count;
	int subscribe_count;
	char publish[MAX_RULES][MAX_RULE_LENGTH];
	char subscribe[MAX_RULES][MAX_RULE_LENGTH];
};

static mosquitto_plugin_id_t *plugin_id;
static struct account *accounts;
static struct rules rules;
static char *accounts_file;
static FILE *journal;

/* ---- small helpers ---------------------------------------------------------------------------- */

/* A device guid: a lower-case UUID, so that it can never carry MQTT wildcards into a rule. */
static int is_guid(const char *text)
{
	if(!text || strlen(text) != GUID_LENGTH) return 0;
	for(int i = 0; i < GUID_LENGTH; i++){
		char c = text[i];
		if(i == 8 || i == 13 || i == 18 || i == 23){
			if(c != '-') return 0;
		}else if(!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))){
			return 0;
		}
	}
	return 1;
}

static int parse_hash(const char *hex, unsigned char *out)
{
	if(!hex || strlen(hex) != HASH_LENGTH * 2) return 0;
	for(int i = 0; i < HASH_LENGTH; i++){
		unsigned int byte;
		if(sscanf(hex + 2 * i, "%2x", &byte) != 1) return 0;
		out[i] = (unsigned char)byte;
	}
	return 1;
}

static void format_hash(const unsigned char *hash, char *out)
{
	for(int i = 0; i < HASH_LENGTH; i++) sprintf(out + 2 * i, "%02x", hash[i]);
}

/* A rule pattern: printable, no spaces, %u only as a whole level, short enough to expand safely. */
static int is_pattern(const char *text)
{
	size_t length = strlen(text);
	if(length == 0 || length >= MAX_RULE_LENGTH - GUID_LENGTH) return 0;
	for(size_t i = 0; i < length; i++){
		if(text[i] <= ' ' || text[i] > '~') return 0;
	}
	return 1;
}

/*
 * Whether `filter` (a topic, or a subscription's filter) is within `pattern` for the device `guid`:
 * level by level, %u is the guid, + any one level, # the rest. A filter's own + is matched only by
 * the pattern's + (or #), a filter's # only by the pattern's #: a device cannot widen its reach.
 */
static int within(const char *pattern, const char *filter, const char *guid)
{
	const char *p = pattern, *f = filter;
	while(1){
		const char *p_end = strchr(p, '/');
		const char *f_end = strchr(f, '/');
		size_t p_len = p_end ? (size_t)(p_end - p) : strlen(p);
		size_t f_len = f_end ? (size_t)(f_end - f) : strlen(f);
		if(p_len == 1 && p[0] == '#') return 1;
		if(p_len == 1 && p[0] == '+'){
			if(f_len == 1 && f[0] == '#') return 0;
		}else if(p_len == 2 && p[0] == '%' && p[1] == 'u'){
			if(f_len != strlen(guid) || strncmp(f, guid, f_len) != 0) return 0;
		}else{
			if(p_len != f_len || strncmp(p, f, p_len) != 0) return 0;
		}
		if(!p_end && !f_end) return 1;
		if(!p_end || !f_end) return 0;
		p = p_end + 1;
		f = f_end + 1;
	}
}

static int allowed(const char list[][MAX_RULE_LENGTH], int count, const char *filter, const char *guid)
{
	for(int i = 0; i < count; i++){
		if(within(list[i], filter, guid)) return 1;
	}
	return 0;
}

/* ---- the journal: one line a change, replayed and compacted at start-up ----------------------- */

static void apply_set(const char *guid, const unsigned char *hash)
{
	struct account *account;
	HASH_FIND_STR(accounts, guid, account);
	if(!account){
		account = calloc(1, sizeof(*account));
		if(!account) return;
		strcpy(account->guid, guid);
		HASH_ADD_STR(accounts, guid, account);
	}
	memcpy(account->hash, hash, HASH_LENGTH);
}

static void apply_del(const char *guid)
{
	struct account *account;
	HASH_FIND_STR(accounts, guid, account);
	if(account){
		HASH_DEL(accounts, account);
		free(account);
	}
}

/* Applies one journal line ("+ guid hash", "- guid", "R", "r pub|sub pattern"); 0 when malformed. */
static int replay_line(char *line)
{
	char *kind = strtok(line, " \n");
	if(!kind) return 1;
	if(!strcmp(kind, "+")){
		char *guid = strtok(NULL, " \n"), *hex = strtok(NULL, " \n");
		unsigned char hash[HASH_LENGTH];
		if(!is_guid(guid) || !parse_hash(hex, hash)) return 0;
		apply_set(guid, hash);
	}else if(!strcmp(kind, "-")){
		char *guid = strtok(NULL, " \n");
		if(!is_guid(guid)) return 0;
		apply_del(guid);
	}else if(!strcmp(kind, "R")){
		memset(&rules, 0, sizeof(rules));
	}else if(!strcmp(kind, "r")){
		char *which = strtok(NULL, " \n"), *pattern = strtok(NULL, " \n");
		if(!which || !pattern || !is_pattern(pattern)) return 0;
		if(!strcmp(which, "pub") && rules.publish_count < MAX_RULES){
			strcpy(rules.publish[rules.publish_count++], pattern);
		}else if(!strcmp(which, "sub") && rules.subscribe_count < MAX_RULES){
			strcpy(rules.subscribe[rules.subscribe_count++], pattern);
		}else{
			return 0;
		}
	}else{
		return 0;
	}
	return 1;
}

/* Writes the current accounts and rules to a new file and puts it in place of the journal. */
static int compact(void)
{
	size_t length = strlen(accounts_file) + 5;
	char *temporary = malloc(length);
	if(!temporary) return MOSQ_ERR_NOMEM;
	snprintf(temporary, length, "%s.new", accounts_file);
	FILE *out = fopen(temporary, "w");
	if(!out){
		free(temporary);
		return MOSQ_ERR_UNKNOWN;
	}
	fprintf(out, "R\n");
	for(int i = 0; i < rules.publish_count; i++) fprintf(out, "r pub %s\n", rules.publish[i]);
	for(int i = 0; i < rules.subscribe_count; i++) fprintf(out, "r sub %s\n", rules.subscribe[i]);
	struct account *account, *next;
	char hex[HASH_LENGTH * 2 + 1];
	HASH_ITER(hh, accounts, account, next){
		format_hash(account->hash, hex);
		fprintf(out, "+ %s %s\n", account->guid, hex);
	}
	int failed = fflush(out) != 0 || fsync(fileno(out)) != 0;
	failed |= fclose(out) != 0;
	if(!failed) failed = rename(temporary, accounts_file) != 0;
	free(temporary);
	return failed ? MOSQ_ERR_UNKNOWN : MOSQ_ERR_SUCCESS;
}

static int load(void)
{
	FILE *in = fopen(accounts_file, "r");
	if(in){
		char line[MAX_RULE_LENGTH + 16];
		int number = 0;
		while(fgets(line, sizeof(line), in)){
			number++;
			if(!replay_line(line)){
				mosquitto_log_printf(MOSQ_LOG_WARNING,
						"edgecaster device accounts: skipping malformed line %d of %s", number, accounts_file);
			}
		}
		fclose(in);
	}else if(errno != ENOENT){
		mosquitto_log_printf(MOSQ_LOG_ERR, "edgecaster device accounts: cannot read %s", accounts_file);
		return MOSQ_ERR_UNKNOWN;
	}
	int rc = compact();
	if(rc != MOSQ_ERR_SUCCESS){
		mosquitto_log_printf(MOSQ_LOG_ERR, "edgecaster device accounts: cannot write %s", accounts_file);
		return rc;
	}
	journal = fopen(accounts_file, "a");
	if(!journal) return MOSQ_ERR_UNKNOWN;
	mosquitto_log_printf(MOSQ_LOG_INFO, "edgecaster device accounts: %u devices, %d + %d topic rules",
			HASH_COUNT(accounts), rules.publish_count, rules.subscribe_count);
	return MOSQ_ERR_SUCCESS;
}

/* ---- authentication and topic rules ----------------------------------------------------------- */

static int on_basic_auth(int event, void *event_data, void *userdata)
{
	(void)event;
	(void)userdata;
	struct mosquitto_evt_basic_auth *auth = event_data;
	struct account *account = NULL;
	if(is_guid(auth->username)) HASH_FIND_STR(accounts, auth->username, account);
	if(!account) return MOSQ_ERR_PLUGIN_DEFER;
	const char *client_id = mosquitto_client_id(auth->client);
	if(!auth->password || !client_id || strcmp(client_id, auth->username) != 0) return MOSQ_ERR_AUTH;
	unsigned char hash[HASH_LENGTH];
	SHA256((const unsigned char *)auth->password, strlen(auth->password), hash);
	return CRYPTO_memcmp(hash, account->hash, HASH_LENGTH) == 0 ? MOSQ_ERR_SUCCESS : MOSQ_ERR_AUTH;
}

static int on_acl_check(int event, void *event_data, void *userdata)
{
	(void)event;
	(void)userdata;
	struct mosquitto_evt_acl_check *check = event_data;
	const char *username = mosquitto_client_username(check->client);
	struct account *account = NULL;
	if(is_guid(username)) HASH_FIND_STR(accounts, username, account);
	if(!account) return MOSQ_ERR_PLUGIN_DEFER;
	switch(check->access){
		case MOSQ_ACL_WRITE:
			return allowed(rules.publish, rules.publish_count, check->topic, username)
					? MOSQ_ERR_SUCCESS : MOSQ_ERR_ACL_DENIED;
		case MOSQ_ACL_SUBSCRIBE:
		case MOSQ_ACL_READ:
			return allowed(rules.subscribe, rules.subscribe_count, check->topic, username)
					? MOSQ_ERR_SUCCESS : MOSQ_ERR_ACL_DENIED;
		case MOSQ_ACL_UNSUBSCRIBE:
			return MOSQ_ERR_SUCCESS;
		default:
			return MOSQ_ERR_ACL_DENIED;
	}
}

/* ---- control messages ------------------------------------------------------------------------- */

struct reply {
	char *text;
	size_t length;
	size_t capacity;
};

static int reply_add(struct reply *reply, const char *text)
{
	size_t add = strlen(text);
	if(reply->length + add + 1 > reply->capacity){
		size_t capacity = (reply->capacity + add + 1) * 2;
		char *grown = realloc(reply->text, capacity);
		if(!grown) return 0;
		reply->text = grown;
		reply->capacity = capacity;
	}
	memcpy(reply->text + reply->length, text, add + 1);
	reply->length += add;
	return 1;
}

static void answer(const char *id, const char *outcome, struct reply *body)
{
	struct reply reply = {0};
	reply_add(&reply, id);
	reply_add(&reply, " ");
	reply_add(&reply, outcome);
	if(body && body->text) reply_add(&reply, body->text);
	if(reply.text){
		mosquitto_broker_publish_copy(NULL, RESPONSE_TOPIC, (int)reply.length, reply.text, 1, false, NULL);
		free(reply.text);
	}
}

/* One request's lines, checked whole before any of them is applied. */
struct request {
	char **lines;
	int count;
};

static const char *check_request(struct request *request, int *list_offset, int *list_count, int *has_list)
{
	int in_rules = 0;
	*has_list = 0;
	for(int i = 0; i < request->count; i++){
		char copy[MAX_RULE_LENGTH + 128];
		if(strlen(request->lines[i]) >= sizeof(copy)) return "line too long";
		strcpy(copy, request->lines[i]);
		char *verb = strtok(copy, " "), *first = strtok(NULL, " "), *second = strtok(NULL, " ");
		char *extra = strtok(NULL, " ");
		unsigned char hash[HASH_LENGTH];
		if(!verb) return "empty line";
		if(!strcmp(verb, "set")){
			if(in_rules || !is_guid(first) || !parse_hash(second, hash) || extra) return "bad set";
		}else if(!strcmp(verb, "del")){
			if(in_rules || !is_guid(first) || second) return "bad del";
		}else if(!strcmp(verb, "rules")){
			if(in_rules || first) return "bad rules";
			in_rules = 1;
		}else if(!strcmp(verb, "pub") || !strcmp(verb, "sub")){
			if(!in_rules || !first || !is_pattern(first) || second) return "bad rule";
		}else if(!strcmp(verb, "list")){
			if(in_rules || !first || !second || extra) return "bad list";
			*list_offset = atoi(first);
			*list_count = atoi(second);
			if(*list_offset < 0 || *list_count < 1 || *list_count > 10000) return "bad list";
			*has_list = 1;
		}else{
			return "unknown command";
		}
	}
	int publish = 0, subscribe = 0;
	for(int i = 0; i < request->count; i++){
		if(!strncmp(request->lines[i], "pub ", 4)) publish++;
		if(!strncmp(request->lines[i], "sub ", 4)) subscribe++;
	}
	if(publish > MAX_RULES || subscribe > MAX_RULES) return "too many rules";
	return NULL;
}

static int journal_line(const char *line)
{
	return fputs(line, journal) >= 0 && fputc('\n', journal) != EOF;
}

/* Applies a checked request: the journal first, then memory; kicks whoever lost or changed login. */
static const char *apply_request(struct request *request)
{
	int in_rules = 0, written = 1;
	for(int i = 0; i < request->count && written; i++){
		char copy[MAX_RULE_LENGTH + 128];
		strcpy(copy, request->lines[i]);
		char *verb = strtok(copy, " "), *first = strtok(NULL, " "), *second = strtok(NULL, " ");
		char line[MAX_RULE_LENGTH + 128];
		if(!strcmp(verb, "set")){
			snprintf(line, sizeof(line), "+ %s %s", first, second);
			written = journal_line(line);
		}else if(!strcmp(verb, "del")){
			snprintf(line, sizeof(line), "- %s", first);
			written = journal_line(line);
		}else if(!strcmp(verb, "rules")){
			in_rules = 1;
			written = journal_line("R");
		}else if(in_rules){
			snprintf(line, sizeof(line), "r %s %s", verb, first);
			written = journal_line(line);
		}
	}
	if(!written || fflush(journal) != 0 || fsync(fileno(journal)) != 0) return "cannot write the accounts file";

	for(int i = 0; i < request->count; i++){
		char copy[MAX_RULE_LENGTH + 128];
		strcpy(copy, request->lines[i]);
		char *verb = strtok(copy, " "), *first = strtok(NULL, " "), *second = strtok(NULL, " ");
		if(!strcmp(verb, "set")){
			unsigned char hash[HASH_LENGTH];
			struct account *account;
			parse_hash(second, hash);
			HASH_FIND_STR(accounts, first, account);
			int changed = account && CRYPTO_memcmp(account->hash, hash, HASH_LENGTH) != 0;
			apply_set(first, hash);
			if(changed) mosquitto_kick_client_by_username(first, false);
		}else if(!strcmp(verb, "del")){
			struct account *account;
			HASH_FIND_STR(accounts, first, account);
			apply_del(first);
			if(account) mosquitto_kick_client_by_username(first, false);
		}else if(!strcmp(verb, "rules")){
			memset(&rules, 0, sizeof(rules));
		}else if(!strcmp(verb, "pub")){
			strcpy(rules.publish[rules.publish_count++], first);
		}else if(!strcmp(verb, "sub")){
			strcpy(rules.subscribe[rules.subscribe_count++], first);
		}
	}
	return NULL;
}

static void list_accounts(const char *id, int offset, int count)
{
	struct reply body = {0};
	struct account *account, *next;
	int index = 0, listed = 0;
	reply_add(&body, "");
	HASH_ITER(hh, accounts, account, next){
		if(index++ < offset) continue;
		if(listed++ >= count) break;
		reply_add(&body, "\n");
		reply_add(&body, account->guid);
	}
	answer(id, "ok", &body);
	free(body.text);
}

static int on_control(int event, void *event_data, void *userdata)
{
	(void)event;
	(void)userdata;
	struct mosquitto_evt_control *control = event_data;
	if(control->payloadlen == 0) return MOSQ_ERR_SUCCESS;
	char *text = malloc(control->payloadlen + 1);
	if(!text) return MOSQ_ERR_NOMEM;
	memcpy(text, control->payload, control->payloadlen);
	text[control->payloadlen] = '\0';

	struct request request = {0};
	int capacity = 0;
	char *save = NULL;
	char *id = strtok_r(text, "\n", &save);
	for(char *line = strtok_r(NULL, "\n", &save); line; line = strtok_r(NULL, "\n", &save)){
		if(request.count == capacity){
			capacity = capacity ? capacity * 2 : 64;
			char **grown = realloc(request.lines, sizeof(char *) * (size_t)capacity);
			if(!grown){
				free(request.lines);
				free(text);
				return MOSQ_ERR_NOMEM;
			}
			request.lines = grown;
		}
		request.lines[request.count++] = line;
	}
	if(id && strlen(id) <= 64 && !strchr(id, ' ')){
		int offset = 0, count = 0, has_list = 0;
		const char *error = check_request(&request, &offset, &count, &has_list);
		if(!error) error = apply_request(&request);
		if(error){
			char outcome[128];
			snprintf(outcome, sizeof(outcome), "error %s", error);
			answer(id, outcome, NULL);
		}else if(has_list){
			list_accounts(id, offset, count);
		}else{
			answer(id, "ok", NULL);
		}
	}
	free(request.lines);
	free(text);
	return MOSQ_ERR_SUCCESS;
}

/* ---- the listen backlog ----------------------------------------------------------------------- */

/*
 * Mosquitto listens with a backlog of 100 connections, a constant of its source. A fleet that
 * reconnects at once after an outage overflows it: the kernel drops the SYNs beyond it and each of
 * those devices waits a second or more before trying again (10,000 devices: 8,393 SYNs dropped, the
 * fleet online in 43 s). At the broker's first tick, once its listeners are open, every listening
 * socket of the process is given the system's maximum instead: Linux takes a second listen() on a
 * listening socket as a new backlog, capped at net.core.somaxconn.
 */
#define LISTEN_BACKLOG 65535

static int backlog_raised = 0;

static int on_tick(int event, void *event_data, void *userdata)
{
	(void)event;
	(void)event_data;
	(void)userdata;
	if(backlog_raised) return MOSQ_ERR_SUCCESS;
	backlog_raised = 1;
	struct rlimit limit;
	int highest = getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur < 65536 ? (int)limit.rlim_cur : 65536;
	int raised = 0;
	for(int fd = 0; fd < highest; fd++){
		int listening = 0;
		socklen_t length = sizeof(listening);
		if(getsockopt(fd, SOL_SOCKET, SO_ACCEPTCONN, &listening, &length) == 0 && listening
				&& listen(fd, LISTEN_BACKLOG) == 0){
			raised++;
		}
	}
	mosquitto_log_printf(MOSQ_LOG_INFO, "edgecaster device accounts: listen backlog raised on %d socket(s)", raised);
	return MOSQ_ERR_SUCCESS;
}

/* ---- the plugin's life ------------------------------------------------------------------------ */

int mosquitto_plugin_version(int supported_version_count, const int *supported_versions)
{
	for(int i = 0; i < supported_version_count; i++){
		if(supported_versions[i] == 5) return 5;
	}
	return -1;
}

int mosquitto_plugin_init(mosquitto_plugin_id_t *identifier, void **userdata,
		struct mosquitto_opt *options, int option_count)
{
	(void)userdata;
	plugin_id = identifier;
	for(int i = 0; i < option_count; i++){
		if(!strcmp(options[i].key, "accounts_file")) accounts_file = strdup(options[i].value);
	}
	if(!accounts_file){
		mosquitto_log_printf(MOSQ_LOG_ERR, "edgecaster device accounts: plugin_opt_accounts_file is required");
		return MOSQ_ERR_INVAL;
	}
	int rc = load();
	if(rc != MOSQ_ERR_SUCCESS) return rc;
	if(mosquitto_callback_register(plugin_id, MOSQ_EVT_BASIC_AUTH, on_basic_auth, NULL, NULL)
			|| mosquitto_callback_register(plugin_id, MOSQ_EVT_ACL_CHECK, on_acl_check, NULL, NULL)
			|| mosquitto_callback_register(plugin_id, MOSQ_EVT_CONTROL, on_control, CONTROL_TOPIC, NULL)
			|| mosquitto_callback_register(plugin_id, MOSQ_EVT_TICK, on_tick, NULL, NULL)){
		return MOSQ_ERR_UNKNOWN;
	}
	return MOSQ_ERR_SUCCESS;
}

int mosquitto_plugin_cleanup(void *userdata, struct mosquitto_opt *options, int option_count)
{
	(void)userdata;
	(void)options;
	(void)option_count;
	if(plugin_id){
		mosquitto_callback_unregister(plugin_id, MOSQ_EVT_BASIC_AUTH, on_basic_auth, NULL);
		mosquitto_callback_unregister(plugin_id, MOSQ_EVT_ACL_CHECK, on_acl_check, NULL);
		mosquitto_callback_unregister(plugin_id, MOSQ_EVT_CONTROL, on_control, CONTROL_TOPIC);
		mosquitto_callback_unregister(plugin_id, MOSQ_EVT_TICK, on_tick, NULL);
	}
	if(journal) fclose(journal);
	journal = NULL;
	struct account *account, *next;
	HASH_ITER(hh, accounts, account, next){
		HASH_DEL(accounts, account);
		free(account);
	}
	free(accounts_file);
	accounts_file = NULL;
	return MOSQ_ERR_SUCCESS;
}
