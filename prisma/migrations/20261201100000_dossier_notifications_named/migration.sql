-- Notifications about a dossier written before they named it (docs/domain.md « Notifications »):
-- a change of an instruction's state carried only the instruction (`objet`), or also the dossier's
-- id, but not its number, campaign or service, so its reader saw « Changement d'état du dossier »
-- without knowing which one. Each such row takes what rows written since carry: the dossier's id
-- (`dossier`, also what the list's unread count per dossier reads), its number (`id_fo`), its
-- campaign (`libelle_subvention`) and, for a state change, the service (`service`). Keys a row
-- already has are kept (the stored payload wins); rows that name their dossier are left as they are.

-- State changes of an instruction (machine dossier_instruction, `objet`: the instruction).
UPDATE "notifications" AS n
SET "payload" = jsonb_strip_nulls(jsonb_build_object('dossier', d."id"::text, 'id_fo', d."id_fo", 'libelle_subvention', s."label", 'service', sa."nom")) || n."payload"
FROM "dossier_instructions" AS i
JOIN "dossiers" AS d ON d."id" = i."dossier_id"
JOIN "subventions" AS s ON s."id" = d."subvention_id"
LEFT JOIN "service_accounts" AS sa ON sa."id" = i."service_id"
WHERE n."payload"->>'machine' = 'dossier_instruction'
  AND n."payload"->>'objet' = i."id"::text
  AND NOT (n."payload" ? 'id_fo');

-- Any other notification that names the dossier by its id only.
UPDATE "notifications" AS n
SET "payload" = jsonb_build_object('id_fo', d."id_fo", 'libelle_subvention', s."label") || n."payload"
FROM "dossiers" AS d
JOIN "subventions" AS s ON s."id" = d."subvention_id"
WHERE n."payload" ? 'dossier'
  AND n."payload"->>'dossier' = d."id"::text
  AND NOT (n."payload" ? 'id_fo');
