// Spanish: the on-chain page (watcher, sweeps, deposits held for closed accounts).
import type { ChainStrings } from "../parts";

export const xiChain: ChainStrings = {
  chain: {
    title: "Cadena",
    intro:
      "El vigilante de depósitos en cadena de este nodo, los barridos recientes de las direcciones de depósito a la billetera caliente y los depósitos que no se abonarán porque el cliente cerró su cuenta.",
    notConfigured:
      "No hay ninguna cadena de bloques configurada (CHAIN_EVM_* sin definir): los depósitos y retiros pasan por el proveedor de pagos, y aquí no se vigila, barre ni retiene nada.",
    loadFailed: "No se pudo cargar el estado de la cadena.",
    status: "Vigilante",
    network: "Red",
    networkValue: "{{network}} (cadena {{chainId}})",
    head: "Último bloque de la cadena",
    processed: "Bloque procesado",
    stored: "Bloque guardado (cualquier nodo)",
    lag: "Retraso",
    lagBlocks: "{{n}} bloques",
    confirmations: "Confirmaciones para abonar",
    leading: "Este nodo vigila",
    yes: "Sí",
    no: "No (otro nodo tiene el bloqueo)",
    lastRound: "Última ronda correcta",
    health: "Estado",
    healthy: "Correcto",
    failing: "{{n}} rondas fallidas seguidas desde {{since}}; siguiente intento {{next}}",
    lastError: "Último error",
    reorgs: "Reorganizaciones profundas",
    reorgsHelp:
      "Depósitos abonados cuyo bloque fue reemplazado a más profundidad que el umbral. Nunca se revierten solos: revise cada uno.",
    noReorgs: "Ninguna marcada",
    deposit: "Depósito",
    block: "Bloque",
    oldHash: "Abonado en",
    newHash: "Ahora a esa altura",
    detectedAt: "Detectado",
    sweeps: "Barridos recientes",
    noSweeps: "Todavía no hay barridos.",
    address: "Dirección",
    tx: "Transacción",
    gasTx: "Recarga de gas",
    sweepStatus: { gas_sent: "Gas enviado", sent: "Enviado", done: "Hecho", failed: "Fallido" },
    held: "Retenidos de cuentas cerradas",
    heldHelp:
      "Dinero llegado a la dirección antigua de una cuenta cerrada. El libro mayor no lo abonará: devuélvalo al cliente a mano.",
    noHeld: "No hay depósitos retenidos.",
    confirmationsOf: "{{n}}/{{of}}",
    reconciliation: "Conciliación de las direcciones de depósito",
    reconciliationHelp:
      "El saldo en la cadena de cada dirección de depósito frente a lo que explican los registros (depósitos, recargas de gas, barridos y el gas que pagaron), leído en un único bloque confirmado. Una diferencia es dinero que ningún registro explica, como la moneda enviada a una dirección antes de mostrarla. A nadie se le abona automáticamente.",
    reconcile: "Comprobar ahora",
    reconciledAt: "Bloque {{block}}: {{n}} direcciones comprobadas",
    noDifferences: "Todas las direcciones coinciden con sus registros.",
    onChain: "En la cadena",
    recorded: "Registrado",
    difference: "Diferencia",
  },
};
