/**
 * The registry's atomic steps as Lua, so two callers can never both win a
 * transition (two runners taking one job, a cancel racing a start, two
 * requests with one Idempotency-Key).
 */

/**
 * KEYS: idempotency key ('' for none), job hash, corpus index, sequence.
 * ARGV: job id, fingerprint, idempotency ttl s, keep (index size), job-key
 *       prefix, then field/value pairs of the record.
 * Returns {job id, 1 when deduplicated | 0 | -1 when the key was used for another body}.
 */
export const CREATE_JOB = `
if KEYS[1] ~= '' then
  local existing = redis.call('HMGET', KEYS[1], 'job_id', 'fingerprint')
  if existing[1] then
    if existing[2] ~= ARGV[2] then return {existing[1], -1} end
    return {existing[1], 1}
  end
  redis.call('HSET', KEYS[1], 'job_id', ARGV[1], 'fingerprint', ARGV[2])
  redis.call('EXPIRE', KEYS[1], tonumber(ARGV[3]))
end
local fields = {}
for i = 6, #ARGV do fields[#fields + 1] = ARGV[i] end
redis.call('HSET', KEYS[2], unpack(fields))
-- A sequence, not the clock, orders the index: two jobs of one millisecond keep their order.
redis.call('ZADD', KEYS[3], redis.call('INCR', KEYS[4]), ARGV[1])
local keep = tonumber(ARGV[4])
local over = redis.call('ZCARD', KEYS[3]) - keep
if over > 0 then
  local old = redis.call('ZRANGE', KEYS[3], 0, over - 1)
  for _, id in ipairs(old) do redis.call('DEL', ARGV[5] .. id) end
  redis.call('ZREMRANGEBYRANK', KEYS[3], 0, over - 1)
end
return {ARGV[1], 0}
`;

/**
 * KEYS: job hash, and optionally a lease key whose presence refuses the
 * transition (a job is failed for a lost runner only while no runner holds
 * its lease, in the same step as the check). ARGV: comma-separated allowed
 * current statuses, new status, then field/value pairs. Returns the previous
 * status, or false when the job is missing, in a status the transition does
 * not start from, or leased.
 */
export const TRANSITION = `
if KEYS[2] and redis.call('EXISTS', KEYS[2]) == 1 then return false end
local current = redis.call('HGET', KEYS[1], 'status')
if not current then return false end
local allowed = false
for status in string.gmatch(ARGV[1], '[^,]+') do
  if status == current then allowed = true end
end
if not allowed then return false end
redis.call('HSET', KEYS[1], 'status', ARGV[2])
for i = 3, #ARGV, 2 do redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 1]) end
return current
`;

/** KEYS: job hash. ARGV: timestamp. Marks a running job's cancel request; returns the status. */
export const REQUEST_CANCEL = `
local current = redis.call('HGET', KEYS[1], 'status')
if current == 'running' and redis.call('HGET', KEYS[1], 'cancel_requested_at') == '' then
  redis.call('HSET', KEYS[1], 'cancel_requested_at', ARGV[1])
end
return current
`;

/**
 * KEYS: job hash, lease key. ARGV: worker, lease ms, started_at. A queued job
 * becomes running with its lease taken in the same step, so no reader ever
 * sees a running job without a lease while its runner lives.
 */
export const START_JOB = `
if redis.call('HGET', KEYS[1], 'status') ~= 'queued' then return false end
redis.call('HSET', KEYS[1], 'status', 'running', 'worker', ARGV[1], 'started_at', ARGV[3])
redis.call('SET', KEYS[2], ARGV[1], 'PX', tonumber(ARGV[2]))
return 'queued'
`;

/**
 * KEYS: job hash, lease key. ARGV: worker, lease ms. Renews the lease only
 * while the job is running, so a runner that comes back after its job was
 * failed leaves no lease behind. Returns the job's status (false when missing).
 */
export const RENEW_LEASE = `
local current = redis.call('HGET', KEYS[1], 'status')
if current == 'running' then redis.call('SET', KEYS[2], ARGV[1], 'PX', tonumber(ARGV[2])) end
return current
`;

/**
 * KEYS: idempotency key, job hash, corpus index. ARGV: job id, fingerprint,
 * key ttl s, then field/value pairs of the record. Puts the key back (and
 * the job when its hash is gone too) unless the key is there already.
 * Returns 1 when written, 0 when the key was there.
 */
export const RESTORE_KEY = `
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
if redis.call('EXISTS', KEYS[2]) == 0 then
  local fields = {}
  for i = 4, #ARGV do fields[#fields + 1] = ARGV[i] end
  redis.call('HSET', KEYS[2], unpack(fields))
  redis.call('ZADD', KEYS[3], 'NX', 0, ARGV[1])
end
redis.call('HSET', KEYS[1], 'job_id', ARGV[1], 'fingerprint', ARGV[2])
redis.call('EXPIRE', KEYS[1], tonumber(ARGV[3]))
return 1
`;

/**
 * KEYS: job hash, corpus index. ARGV: job id, then field/value pairs of the
 * record. Writes a record the registry lost back, only while the job hash
 * is absent, at score 0 so it lists after every job the registry still
 * orders. Returns 1 when written, false when the job exists.
 */
export const RESTORE_JOB = `
if redis.call('EXISTS', KEYS[1]) == 1 then return false end
local fields = {}
for i = 2, #ARGV do fields[#fields + 1] = ARGV[i] end
redis.call('HSET', KEYS[1], unpack(fields))
redis.call('ZADD', KEYS[2], 'NX', 0, ARGV[1])
return 1
`;
