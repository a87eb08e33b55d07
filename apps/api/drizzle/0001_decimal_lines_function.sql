-- Money lines (charge lines' amount, services' feeAmount) are stored in cents inside jsonb arrays. The API answers
-- decimals, so each lines column has a stored generated twin in decimals (next migration), computed on write by
-- this function instead of on every read (services/search/sql-fragments.ts). Lines without the key pass unchanged.
CREATE OR REPLACE FUNCTION decimal_lines(lines jsonb, cents_key text) RETURNS jsonb
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(
    jsonb_agg(
      CASE WHEN x.e ? cents_key THEN jsonb_set(x.e, ARRAY[cents_key], to_jsonb((x.e ->> cents_key)::numeric * 0.01)) ELSE x.e END
      ORDER BY x.o),
    '[]'::jsonb)
  FROM jsonb_array_elements(coalesce(lines, '[]'::jsonb)) WITH ORDINALITY AS x(e, o)
$$;
