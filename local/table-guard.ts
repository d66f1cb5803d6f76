/**
 * IAM for the table, locally: while the gateway runs a route's handler, every DynamoDB call it makes is checked
 * against the route's needs (TABLE_GRANTS in functions/routes.ts, the same definitions infra/grants.ts turns into
 * IAM statements). A call the role would be refused in AWS is refused here with the same error name, so a
 * route that starts to Query, Delete or write outside its keys fails its tests instead of failing in AWS.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { dynamo } from '../functions/lib/aws';
import { TABLE_GRANTS, type RouteDef, type TableAction } from '../functions/routes';

const running = new AsyncLocalStorage<RouteDef>();

/** Runs `fn` as the route's function: its table calls are checked against its needs. */
export const asRoute = <T>(route: RouteDef, fn: () => Promise<T>): Promise<T> => running.run(route, fn);

interface Access {
  action: TableAction | 'Scan' | 'BatchWriteItem' | 'TransactGetItems' | string;
  index: string | null;
  /** Partition keys the call names, when it names them by key (null: not checked against LeadingKeys). */
  partitionKeys: string[] | null;
}

type Input = Record<string, any>;

const pkOf = (item: Input | undefined): string => {
  const pk = item?.pk as unknown;
  return typeof pk === 'string' ? pk : typeof (pk as { S?: unknown } | undefined)?.S === 'string' ? (pk as { S: string }).S : '';
};

/** The IAM actions a command needs, with what each touches (TransactWriteItems is authorised item by item). */
export function accessesOf(commandName: string, input: Input): Access[] {
  const action = commandName.replace(/Command$/, '');
  switch (action) {
    case 'GetItem':
    case 'UpdateItem':
    case 'DeleteItem':
      return [{ action, index: null, partitionKeys: [pkOf(input.Key)] }];
    case 'PutItem':
      return [{ action, index: null, partitionKeys: [pkOf(input.Item)] }];
    case 'Query': {
      // The partition a query names (`pk = :value`), which IAM's LeadingKeys condition checks; an index query names none of ours.
      const name = /^\s*pk\s*=\s*(:\w+)/.exec(String(input.KeyConditionExpression ?? ''))?.[1];
      const pk = name ? pkOf({ pk: (input.ExpressionAttributeValues as Input | undefined)?.[name] }) : '';
      return [{ action, index: (input.IndexName as string | undefined) ?? null, partitionKeys: input.IndexName || !pk ? null : [pk] }];
    }
    case 'BatchGetItem':
      return [{ action, index: null, partitionKeys: Object.values(input.RequestItems ?? {}).flatMap((r: any) => (r.Keys as Input[]).map(pkOf)) }];
    case 'TransactWriteItems':
      return (input.TransactItems as Input[]).map((item) => {
        const [kind, body] = Object.entries(item)[0] as [string, Input];
        const itemAction = ({ Put: 'PutItem', Update: 'UpdateItem', Delete: 'DeleteItem', ConditionCheck: 'ConditionCheckItem' } as Record<string, string>)[kind] ?? kind;
        return { action: itemAction, index: null, partitionKeys: [pkOf(kind === 'Put' ? body.Item : body.Key)] };
      });
    default:
      // Scan, BatchWriteItem, TransactGetItems, DescribeTable...: no need grants them.
      return [{ action, index: null, partitionKeys: null }];
  }
}

/** Whether a route with these needs may make this access (any one grant allowing it is enough, as in IAM). */
export function allowed(route: Pick<RouteDef, 'needs'>, access: Access): boolean {
  return route.needs.some((need) => {
    const grant = TABLE_GRANTS[need];
    if (!grant || !(grant.actions as readonly string[]).includes(access.action)) return false;
    if (access.index !== null && !grant.indexes) return false;
    if (!grant.leadingKeys) return true;
    const keys = access.partitionKeys;
    return keys !== null && keys.every((pk) => grant.leadingKeys!.some((prefix) => pk.startsWith(prefix)));
  });
}

let installed = false;

/** Adds the check to the functions' shared DynamoDB client (once per process). */
export function installTableGuard(): void {
  if (installed) return;
  installed = true;
  dynamo().middlewareStack.add(
    (next, context) => async (args) => {
      const route = running.getStore();
      if (route) {
        for (const access of accessesOf(context.commandName ?? '', args.input as Input)) {
          if (allowed(route, access)) continue;
          const on = access.index ? `index ${access.index}` : access.partitionKeys?.length ? `key ${access.partitionKeys.join(', ')}` : 'the table';
          const message = `${route.method} ${route.path} (needs: ${route.needs.join(', ') || 'none'}) is not authorized to perform dynamodb:${access.action} on ${on}`;
          console.error(JSON.stringify({ level: 'ERROR', message: 'Local IAM refused a table call', detail: message }));
          throw Object.assign(new Error(message), { name: 'AccessDeniedException' });
        }
      }
      return next(args);
    },
    { step: 'initialize', name: 'localTableGuard', priority: 'high' },
  );
}
