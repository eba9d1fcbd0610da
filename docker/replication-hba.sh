#!/bin/sh
# Run once by the postgres image when it creates the database: lets a read replica connect for
# streaming replication from another container, with the password (the image's own line allows
# every database but not replication connections).
echo "host replication all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
