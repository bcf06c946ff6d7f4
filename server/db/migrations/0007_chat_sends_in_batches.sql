-- Chat sends, many per call and one transaction (group commit): under load the server gathers the
-- sends that arrive together, and one round trip and one commit store them all. Each send is what
-- a single send was: the send limit if a key is given (nothing is written past it), the
-- membership check, the message (the unique (sender, client id) index drops a retry), the chat's
-- meta, the notification to the other member and both members' numbered live events, with the
-- API's shapes built here. Sends run in the order given and each sees the ones before it, so
-- counts and event numbers follow on within a batch. A message is stamped with the clock, not
-- the transaction's start, so the messages of one batch keep their order in the thread.
CREATE FUNCTION "chat_send_many"(
  "p_chat_id" text[], "p_sender_id" uuid[], "p_client_id" text[], "p_type" text[], "p_text" text[],
  "p_offer_price" integer[], "p_last_message" text[], "p_notice_type" text[], "p_notice_text" text[],
  "p_is_about_appended" boolean[], "p_limit_key" text[], "p_limit_window" integer[], "p_limit_max" integer[]
) RETURNS TABLE (
  "send" integer, "is_chat_found" boolean, "is_member" boolean, "members" text[], "events" json,
  "attempts" json, "id" uuid, "chat_id" text, "sender_id" uuid, "client_id" text, "type" text,
  "text" text, "offer_price" integer, "created_at" timestamptz
) LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  k integer;
BEGIN
  -- The rows a batch will change are locked first, in one order (send counters, chats, live
  -- counters, each by key): two batches at once wait for each other rather than deadlock (rows
  -- that do not exist yet cannot be locked; if that ever deadlocks, the server sends the batch's
  -- sends again one by one). What each send then reads (the unread counts) includes whatever
  -- committed before the batch got its locks.
  PERFORM 1 FROM rate_limits WHERE key = ANY(p_limit_key) ORDER BY key FOR UPDATE;
  PERFORM 1 FROM chats WHERE id = ANY(p_chat_id) ORDER BY id FOR NO KEY UPDATE;
  PERFORM 1 FROM live_cursors
    WHERE user_id = ANY(array(SELECT m.user_id FROM chat_members m WHERE m.chat_id = ANY(p_chat_id)))
    ORDER BY user_id FOR UPDATE;
  FOR k IN 1 .. coalesce(cardinality(p_chat_id), 0) LOOP
    RETURN QUERY
    WITH limited AS (
      -- The rate limiter's own upsert (countAttemptSql in server/plugins/rate-limit.ts).
      INSERT INTO rate_limits (key, window_start, count)
      SELECT p_limit_key[k], now(), 1 WHERE p_limit_key[k] IS NOT NULL
      ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN rate_limits.window_start < now() - make_interval(secs => p_limit_window[k])
          THEN 1 ELSE rate_limits.count + 1 END,
        window_start = CASE WHEN rate_limits.window_start < now() - make_interval(secs => p_limit_window[k])
          THEN now() ELSE rate_limits.window_start END
      RETURNING count,
        greatest(1, ceil(extract(epoch FROM (window_start + make_interval(secs => p_limit_window[k]) - now()))))::int
          AS retry_after
    ), chat AS (
      SELECT c.id, c.kind, c.item_id, c.item_name, c.recruitment_post_id, c.recruitment_purpose,
        array(SELECT m.user_id FROM chat_members m WHERE m.chat_id = c.id ORDER BY m.user_id) AS members
      FROM chats c WHERE c.id = p_chat_id[k]
    ), allowed AS (
      SELECT chat.*, (SELECT u FROM unnest(chat.members) u WHERE u <> p_sender_id[k] LIMIT 1) AS recipient_id
      FROM chat WHERE p_sender_id[k] = ANY(chat.members)
        AND (p_limit_key[k] IS NULL OR (SELECT l.count FROM limited l) <= p_limit_max[k])
    ), inserted AS (
      INSERT INTO messages (chat_id, sender_id, client_id, type, text, offer_price, created_at)
      SELECT allowed.id, p_sender_id[k], p_client_id[k], p_type[k], p_text[k], p_offer_price[k], clock_timestamp()
      FROM allowed
      ON CONFLICT DO NOTHING
      RETURNING *
    ), meta AS (
      UPDATE chats
      SET last_message = p_last_message[k], last_sender_id = inserted.sender_id, updated_at = inserted.created_at
      FROM inserted
      WHERE chats.id = inserted.chat_id AND chats.updated_at <= inserted.created_at
    ), noted AS (
      INSERT INTO notifications (user_id, type, text, chat_id, item_id, recruitment_post_id, from_user_id, offer_price, created_at)
      SELECT a.recipient_id, p_notice_type[k],
        CASE WHEN p_is_about_appended[k]
          THEN p_notice_text[k] || CASE WHEN a.kind = 'recruitment'
            THEN coalesce(a.recruitment_purpose, 'your post') ELSE a.item_name END
          ELSE p_notice_text[k] END,
        i.chat_id, a.item_id, a.recruitment_post_id, i.sender_id, i.offer_price, i.created_at
      FROM inserted i CROSS JOIN allowed a
      WHERE a.recipient_id IS NOT NULL
      RETURNING *
    ), unread AS (
      -- The statement's snapshot does not see its own notification: it is added to the counts.
      SELECT n.user_id,
        (SELECT count(*) FROM notifications x WHERE x.user_id = n.user_id AND NOT x.is_read)::int + 1 AS unread,
        (SELECT count(*) FROM notifications x
          WHERE x.user_id = n.user_id AND NOT x.is_read AND x.type = 'message')::int
          + (n.type = 'message')::int AS unread_messages
      FROM noted n
    ), events AS (
      SELECT m.user_id, 1 AS ordinal, 'message.created' AS type,
        json_build_object('message', json_build_object(
          'id', i.id, 'chatId', i.chat_id, 'senderId', i.sender_id, 'clientId', i.client_id, 'type', i.type,
          'text', i.text, 'offerPrice', i.offer_price,
          'createdAt', to_char(i.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))::text AS payload
      FROM inserted i CROSS JOIN allowed a CROSS JOIN unnest(a.members) AS m(user_id)
      UNION ALL
      SELECT m.user_id, 2, 'chat.updated', json_build_object('chatId', i.chat_id)::text
      FROM inserted i CROSS JOIN allowed a CROSS JOIN unnest(a.members) AS m(user_id)
      UNION ALL
      SELECT n.user_id, 3, 'notification.created', json_build_object('notification', json_build_object(
          'id', n.id, 'type', n.type, 'text', n.text, 'chatId', n.chat_id, 'itemId', n.item_id,
          'recruitmentPostId', n.recruitment_post_id, 'fromUserId', n.from_user_id, 'offerPrice', n.offer_price,
          'read', n.is_read, 'createdAt', to_char(n.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))::text
      FROM noted n
      UNION ALL
      SELECT u.user_id, 4, 'counts', json_build_object('unread', u.unread, 'unreadMessages', u.unread_messages)::text
      FROM unread u
    ), batch AS (
      SELECT e.user_id, count(*) AS n FROM events e GROUP BY e.user_id
    ), bumped AS (
      -- Each member's counter row is bumped in user order, as appendLiveEvents does: gap-free numbers.
      INSERT INTO live_cursors (user_id, seq)
      SELECT b.user_id, b.n FROM batch b ORDER BY b.user_id
      ON CONFLICT (user_id) DO UPDATE SET seq = live_cursors.seq + excluded.seq
      RETURNING user_id, seq
    ), stored AS (
      INSERT INTO live_events (user_id, seq, type, payload)
      SELECT e.user_id, b.seq - c.n + e.ordinal, e.type, e.payload
      FROM events e JOIN bumped b ON b.user_id = e.user_id JOIN batch c ON c.user_id = e.user_id
      RETURNING user_id, seq, type, payload
    )
    SELECT k, EXISTS (SELECT 1 FROM chat), EXISTS (SELECT 1 FROM allowed),
      (SELECT a.members::text[] FROM allowed a),
      (SELECT json_agg(json_build_object('userId', s.user_id, 'seq', s.seq, 'type', s.type, 'payload', s.payload)
        ORDER BY s.user_id, s.seq) FROM stored s),
      (SELECT row_to_json(l) FROM limited l),
      i.id, i.chat_id, i.sender_id, i.client_id, i.type, i.text, i.offer_price, i.created_at
    FROM (VALUES (1)) AS one (x) LEFT JOIN inserted i ON true;
  END LOOP;
END
$$;
