#include <mosquitto.h>

/* The type of a pointer to each libmosquitto function panel calls, taken from its
 * declaration above, so the values MosquittoLibrary resolves with dlsym have the header's
 * prototypes exactly. */
typedef __typeof__(mosquitto_lib_init) *mosquitto_lib_init_function;
typedef __typeof__(mosquitto_lib_version) *mosquitto_lib_version_function;
typedef __typeof__(mosquitto_new) *mosquitto_new_function;
typedef __typeof__(mosquitto_destroy) *mosquitto_destroy_function;
typedef __typeof__(mosquitto_int_option) *mosquitto_int_option_function;
typedef __typeof__(mosquitto_will_set) *mosquitto_will_set_function;
typedef __typeof__(mosquitto_username_pw_set) *mosquitto_username_pw_set_function;
typedef __typeof__(mosquitto_tls_set) *mosquitto_tls_set_function;
typedef __typeof__(mosquitto_connect_bind_async) *mosquitto_connect_bind_async_function;
typedef __typeof__(mosquitto_reconnect_async) *mosquitto_reconnect_async_function;
typedef __typeof__(mosquitto_disconnect) *mosquitto_disconnect_function;
typedef __typeof__(mosquitto_publish) *mosquitto_publish_function;
typedef __typeof__(mosquitto_subscribe) *mosquitto_subscribe_function;
typedef __typeof__(mosquitto_loop_read) *mosquitto_loop_read_function;
typedef __typeof__(mosquitto_loop_write) *mosquitto_loop_write_function;
typedef __typeof__(mosquitto_loop_misc) *mosquitto_loop_misc_function;
typedef __typeof__(mosquitto_socket) *mosquitto_socket_function;
typedef __typeof__(mosquitto_want_write) *mosquitto_want_write_function;
typedef __typeof__(mosquitto_connect_callback_set) *mosquitto_connect_callback_set_function;
typedef __typeof__(mosquitto_disconnect_callback_set) *mosquitto_disconnect_callback_set_function;
typedef __typeof__(mosquitto_message_callback_set) *mosquitto_message_callback_set_function;
typedef __typeof__(mosquitto_user_data_set) *mosquitto_user_data_set_function;
typedef __typeof__(mosquitto_strerror) *mosquitto_strerror_function;
typedef __typeof__(mosquitto_connack_string) *mosquitto_connack_string_function;
