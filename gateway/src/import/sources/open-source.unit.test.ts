import { describe, expect, it } from 'vitest';
import { goDsnOptions, sourceKind } from './open-source.js';

describe('the import source argument', () => {
  it('names PostgreSQL, MySQL (URL or new-api SQL_DSN) or a SQLite path, as new-api reads SQL_DSN', () => {
    expect(sourceKind('postgres://u:p@db:5432/newapi')).toBe('postgres');
    expect(sourceKind('postgresql://u@db/newapi?sslmode=disable')).toBe('postgres');
    expect(sourceKind('mysql://root:pw@127.0.0.1:3306/new-api')).toBe('mysql');
    expect(sourceKind('root:123456@tcp(localhost:3306)/oneapi?charset=utf8mb4&parseTime=True&loc=Local')).toBe('mysql');
    expect(sourceKind('/data/one-api.db')).toBe('sqlite');
    expect(sourceKind('one-api.db')).toBe('sqlite');
  });

  it("reads Go's MySQL DSN: a password holding @ and :, a unix socket, params ignored", () => {
    expect(goDsnOptions('new:p@ss:w0rd@tcp(db.internal:3307)/newapi?parseTime=true')).toEqual({ user: 'new', password: 'p@ss:w0rd', database: 'newapi', host: 'db.internal', port: 3307 });
    expect(goDsnOptions('root@unix(/run/mysqld/mysqld.sock)/oneapi')).toEqual({ user: 'root', password: '', database: 'oneapi', socketPath: '/run/mysqld/mysqld.sock' });
    expect(goDsnOptions('root:pw@tcp(db)/oneapi')).toMatchObject({ host: 'db', port: 3306 });
    expect(goDsnOptions('/data/one-api.db')).toBeNull();
  });
});
