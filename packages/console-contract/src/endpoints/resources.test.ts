import { describe, expect, it } from 'vitest';
import { ENTITIES } from '../entities/index.js';
import { endpointKey } from './define.js';
import { declaredEndpoints } from './index.js';
import { resourcesEndpoints, savedViewsEndpoints } from './resources.js';

const writable = ENTITIES.filter((def) => def.access !== 'read-only');
const valuesOf = (endpoint: { members?: () => readonly { values: Record<string, string> }[] }) =>
  (endpoint.members?.() ?? []).map((member) => Object.values(member.values).join('/'));

describe('resource endpoints', () => {
  it('are declared once and listed with every other endpoint', () => {
    const names = declaredEndpoints().map((endpoint) => endpoint.name);
    for (const endpoint of [...Object.values(resourcesEndpoints), ...Object.values(savedViewsEndpoints)])
      expect(
        names.filter((name) => name === endpoint.name),
        endpoint.name,
      ).toHaveLength(1);
  });

  it('take the key of the entity the path names, so no fixed key is read from them', () => {
    for (const endpoint of Object.values(resourcesEndpoints)) {
      expect(endpoint.permission, endpoint.name).toHaveProperty('entity');
      expect(endpointKey(endpoint), endpoint.name).toBeUndefined();
      expect(endpoint.path.startsWith('/api/resources/:entity'), endpoint.name).toBe(true);
      expect(endpoint.apiKey, endpoint.name).toBe(true);
    }
    expect(resourcesEndpoints.list.permission).toEqual({ entity: 'read' });
    expect(resourcesEndpoints.remove.permission).toEqual({ entity: 'delete' });
    expect(resourcesEndpoints.options.permission).toEqual({ entity: 'pick' });
    expect(resourcesEndpoints.action.permission).toEqual({ entity: 'action' });
  });

  it('document reads for every entity, writes for the writable ones, restore for the soft-deleted ones', () => {
    const names = ENTITIES.map((def) => def.name);
    expect(valuesOf(resourcesEndpoints.list)).toEqual(names);
    expect(valuesOf(resourcesEndpoints.get)).toEqual(names);
    expect(valuesOf(resourcesEndpoints.history)).toEqual(names);
    expect(valuesOf(resourcesEndpoints.options)).toEqual(names);
    for (const endpoint of [resourcesEndpoints.create, resourcesEndpoints.update, resourcesEndpoints.remove])
      expect(valuesOf(endpoint), endpoint.name).toEqual(writable.map((def) => def.name));
    expect(valuesOf(resourcesEndpoints.restore)).toEqual(
      writable.filter((def) => def.softDelete).map((def) => def.name),
    );
  });

  it("document each action under its entity with the action's own mode", () => {
    const expected = ENTITIES.flatMap((def) =>
      (def.actions ?? []).map((action) => ({
        path: `${def.name}/${action.name}`,
        permission: { key: def.permissionKey, mode: action.mode },
      })),
    );
    expect(
      (resourcesEndpoints.action.members?.() ?? []).map((member) => ({
        path: Object.values(member.values).join('/'),
        permission: member.permission,
      })),
    ).toEqual(expected);
  });

  it("parse a member's input with that entity's schemas: an unknown list filter field is refused", () => {
    const creators = resourcesEndpoints.list
      .members?.()
      .find((member) => member.values.entity === 'creators');
    expect(creators?.query?.safeParse({ 'f.no_such_field.eq': 'x' }).success).toBe(false);
    expect(creators?.query?.safeParse({}).success).toBe(true);
  });

  it('read a row id in the path as a number and refuse anything else', () => {
    expect(resourcesEndpoints.get.params.parse({ entity: 'creators', id: '12' })).toEqual({
      entity: 'creators',
      id: 12,
    });
    expect(resourcesEndpoints.get.params.safeParse({ entity: 'creators', id: '0' }).success).toBe(false);
    expect(resourcesEndpoints.get.params.safeParse({ entity: 'creators', id: '1e3' }).success).toBe(false);
  });
});
